"""The words of `vecdrill lint`, in English and in Chinese side by side: its findings, its summary
and `--explain`.

A finding reads `why: fix (vecdrill try DRILL)`: what the loop does and why that is slow here, then
the technique that replaces it. `lint_rule` holds each rule's title (for tables and `--explain`), its
why and its fix under `VD101.title`, `VD101.why`, `VD101.fix`. `{data}` is the gate's word for the
file's library (`gate_part.torch`: tensor 张量, `gate_part.numpy`: array 数组); `{call}` and `{name}`
are what the finding names, `{way}` what replaces a builtin (`gate_way`, the gate's own advice).
"""

from __future__ import annotations

SECTIONS: dict[str, dict[str, tuple[str, str]]] = {
    "lint": {
        "finding_sentence": ("{why}: {fix} (vecdrill try {drill})", "{why}：{fix}（vecdrill try {drill}）"),
        "summary": ("{count} {noun} in {files} of {checked} files checked ({lines} lines, {seconds:.2f} s).", "检查了 {checked} 个文件（{lines} 行，{seconds:.2f} 秒），在其中 {files} 个里发现 {count} {noun}。"),
        "finding": ("finding", "处"),
        "findings": ("findings", "处"),
        "clean": ("No loops to fix in {checked} files checked ({lines} lines, {seconds:.2f} s).", "检查了 {checked} 个文件（{lines} 行，{seconds:.2f} 秒），没有要改的循环。"),
        "unparsable": ("{path}: skipped, Python cannot parse it ({problem}).", "{path}：已跳过，Python 无法解析它（{problem}）。"),
        "unreadable": ("{path}: skipped, it cannot be read ({problem}).", "{path}：已跳过，无法读取（{problem}）。"),
        "drills": ("The drills that teach these fixes:", "讲这些改法的题："),
        "drill_line": ("  vecdrill try {drill}  ({codes}: {count} {noun})", "  vecdrill try {drill}（{codes}：{count} {noun}）"),
        "start_drill": ("Start `vecdrill try {drill}` now?", "现在开始 `vecdrill try {drill}` 吗？"),
        "no_drill": ("No findings, so no drill to practise.", "没有发现问题，也就没有要练的题。"),
        "explain_before": ("Before:", "改之前："),
        "explain_after": ("After:", "改之后："),
        "explain_drill": ("Practise it: vecdrill try {drill}", "练习：vecdrill try {drill}"),
        "explain_default": ("On by default; silence one line with `# noqa: {rule}`.", "默认开启；在一行末尾写 `# noqa: {rule}` 可让这一行不报告。"),
        "explain_off": ("Off by default (see benchmarks/lint_precision.md); turn it on with `--select {rule}`.", "默认关闭（见 benchmarks/lint_precision.md）；用 `--select {rule}` 打开。"),
    },
    "lint_rule": {
        "VD101.title": ("arithmetic one element at a time", "逐个元素的算术"),
        "VD101.why": ("the loop computes one element per step, so Python repeats a tiny operation for every element", "这个循环每步只算一个元素，Python 要为每个元素重复一次同样的小运算"),
        "VD101.fix": ("compute on the whole {data} at once with arithmetic and broadcasting", "直接对整个{data}做运算（算术与广播）"),
        "VD102.title": ("a read by index, row by row", "逐行按索引读取"),
        "VD102.why": ("the loop reads one element per step at a position taken from another {data}", "这个循环每步按另一个{data}给出的位置读取一个元素"),
        "VD102.fix": ("read every row's element in one call with gather (take_along_axis for numpy) or fancy indexing, x[rows, idx]", "用 gather（numpy 用 take_along_axis）或花式索引 x[rows, idx] 一次取出每一行的元素"),
        "VD103.title": ("an `if` on each element", "对每个元素的 `if`"),
        "VD103.why": ("the loop decides each element with an `if`, one element per step", "这个循环每步用 `if` 判断一个元素"),
        "VD103.fix": ("compute the branches on the whole {data} and choose with a mask (torch.where, np.where)", "对整个{data}算出各个分支，再用掩码选择（torch.where、np.where）"),
        "VD104.title": ("a mask filled row by row from lengths", "按长度逐行填充掩码"),
        "VD104.why": ("the loop fills each row up to (or from) its own length, one row per step", "这个循环每步按一行自己的长度填充这一行"),
        "VD104.fix": ("build the mask of every row at once, arange(T) < lengths[:, None], and apply it with masked_fill or where", "一次构造所有行的掩码 arange(T) < lengths[:, None]，再用 masked_fill 或 where 使用它"),
        "VD105.title": ("a scatter or a count, one element at a time", "逐个元素的分散写入或计数"),
        "VD105.why": ("the loop adds (or writes) one element per step at a position taken from another {data}", "这个循环每步往另一个{data}给出的位置累加（或写入）一个元素"),
        "VD105.fix": ("accumulate them all in one call: index_add_, scatter_add_ or bincount (np.add.at or np.bincount for numpy)", "用一次调用全部累加：index_add_、scatter_add_ 或 bincount（numpy 用 np.add.at 或 np.bincount）"),
        "VD110.title": ("`.item()` in a loop over a tensor", "在遍历张量的循环里调用 `.item()`"),
        "VD110.why": ("`{call}` in a loop over a tensor copies one value to the host per step, a device sync every time", "在遍历张量的循环里调用 `{call}`，每步都把一个值复制到主机，每次都是一次设备同步"),
        "VD110.fix": ("read all the values with one `.tolist()` before the loop, or keep the work in tensors", "在循环前用一次 `.tolist()` 读出全部值，或者让计算留在张量里"),
        "VD111.title": ("a copy to the host in a loop over a tensor", "在遍历张量的循环里复制到主机"),
        "VD111.why": ("`{call}` in a loop over a tensor copies to the host once per step, a device sync every time", "在遍历张量的循环里调用 `{call}`，每步都复制到主机一次，每次都是一次设备同步"),
        "VD111.fix": ("copy the whole tensor once before the loop, or keep the work on the device", "在循环前把整个张量复制一次，或者让计算留在设备上"),
        "VD112.title": ("a tensor turned into a Python value in a loop", "在循环里把张量变成 Python 值"),
        "VD112.why": ("`{call}` on a tensor in a loop over tensor data reads one value into Python per step, a device sync every time", "在遍历张量数据的循环里对张量使用 `{call}`，每步都把一个值读进 Python，每次都是一次设备同步"),
        "VD112.fix": ("decide for every element at once with a mask, or read the values once with `.tolist()` before the loop", "用掩码一次判断所有元素，或者在循环前用 `.tolist()` 一次读出全部值"),
        "VD120.title": ("one small tensor per element, joined after the loop", "每个元素一个小张量，循环后再拼接"),
        "VD120.why": ("the loop makes one small {data} per element and joins them after it: one allocation (on a GPU, one copy) per element", "这个循环为每个元素造一个小{data}，循环后再拼接：每个元素一次分配（在 GPU 上还有一次复制）"),
        "VD120.fix": ("make it once from all the values, torch.tensor(values), or compute it with whole-{data} operations", "用全部值一次构造，torch.tensor(values)，或者用整个{data}的运算直接算出"),
        "VD121.title": ("a tensor grown by concatenation in a loop", "在循环里靠拼接变长的张量"),
        "VD121.why": ("`{name}` grows by concatenation in the loop, which copies everything gathered so far at every step (quadratic)", "`{name}` 在循环里靠拼接变长，每步都要复制已有的全部内容（平方级）"),
        "VD121.fix": ("append the pieces to a list and concatenate once after the loop, or compute every row at once", "把各块放进列表，循环后只拼接一次，或者一次算出所有行"),
        "VD122.title": ("rows computed one by one, then stacked", "逐行计算，再堆叠"),
        "VD122.why": ("the loop computes one row per step and stacks the rows after it", "这个循环每步算一行，循环后再把各行堆叠起来"),
        "VD122.fix": ("compute every row at once on the whole {data}: matmul and reductions with dim= take a batch dimension", "对整个{data}一次算出所有行：matmul 和带 dim= 的归约都支持批量维度"),
        "VD130.title": ("a Python function called per element", "对每个元素调用的 Python 函数"),
        "VD130.why": ("`{call}` calls a Python function once per element (or per row): a loop in disguise", "`{call}` 对每个元素（或每一行）调用一次 Python 函数：这是伪装的循环"),
        "VD130.fix": ("write the function with whole-{data} operations (ufuncs, broadcasting, where) and call it once", "用整个{data}的运算（ufunc、广播、where）写这个函数，只调用一次"),
        "VD131.title": ("a comprehension over a tensor", "遍历张量的推导式"),
        "VD131.why": ("the comprehension computes one {data} element per step in Python", "这个推导式在 Python 里每步计算{data}的一个元素"),
        "VD131.fix": ("apply the operation to the whole {data} at once", "直接对整个{data}做这个运算"),
        "VD132.title": ("a Python builtin walking a tensor", "逐个元素遍历张量的 Python 内置函数"),
        "VD132.why": ("`{call}` walks a tensor in Python, one element (on a GPU, one sync) at a time", "`{call}` 在 Python 里逐个元素地遍历张量（在 GPU 上每个元素一次同步）"),
        "VD132.fix": ("use {way} instead", "改用 {way}"),
        "VD140.title": ("loops computing a matrix product piece by piece", "一块一块计算矩阵乘积的循环"),
        "VD140.why": ("the loop computes a matrix product one multiply-add, or one row, at a time", "这个循环一次一个乘加（或一次一行）地计算矩阵乘积"),
        "VD140.fix": ("use one matrix product: @, matmul, bmm or einsum", "用一次矩阵乘法：@、matmul、bmm 或 einsum"),
        "VD141.title": ("nested loops computing a pairwise table", "计算两两配对表的嵌套循环"),
        "VD141.why": ("the nested loops compute a table over all pairs of rows, one pair per step", "这些嵌套循环每步算一对行，得出所有行对的表"),
        "VD141.fix": ("broadcast the rows against each other, a[:, None] - b[None, :], or use cdist, then reduce the last dimension", "让两组行互相广播 a[:, None] - b[None, :]，或者用 cdist，再对最后一维归约"),
    },
}
