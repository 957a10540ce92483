"""Every word the lint says, in English and in Chinese: one table, so it can move into a shared
message catalogue as it is.

A finding reads `why: fix (vecdrill try DRILL)`: what the loop does and why that is slow here,
then the technique that replaces it. `{data}` is "tensor" or "array" (张量, 数组) after the file's
library; `{call}`, `{name}` and `{way}` are what the finding names. One term per concept: loop 循环,
element 元素, device sync 设备同步, host 主机, mask 掩码, broadcasting 广播, drill 练习.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Text:
    en: str
    zh: str

    def get(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True)
class RuleWords:
    """A rule's title (for tables and --explain), why its loop is slow, and what replaces it."""

    title: Text
    why: Text
    fix: Text


RULE_WORDS = {
    "VD101": RuleWords(
        Text("arithmetic one element at a time", "逐个元素的算术"),
        Text(
            "the loop computes one element per step, so Python repeats a tiny operation for every element",
            "这个循环每步只算一个元素，Python 要为每个元素重复一次同样的小运算",
        ),
        Text(
            "compute on the whole {data} at once with arithmetic and broadcasting",
            "直接对整个{data}做运算（算术与广播）",
        ),
    ),
    "VD102": RuleWords(
        Text("a read by index, row by row", "逐行按索引读取"),
        Text(
            "the loop reads one element per step at a position taken from another {data}",
            "这个循环每步按另一个{data}给出的位置读取一个元素",
        ),
        Text(
            "read every row's element in one call with gather (take_along_axis for numpy) or "
            "fancy indexing, x[rows, idx]",
            "用 gather（numpy 用 take_along_axis）或花式索引 x[rows, idx] 一次取出每一行的元素",
        ),
    ),
    "VD103": RuleWords(
        Text("an `if` on each element", "对每个元素的 `if`"),
        Text(
            "the loop decides each element with an `if`, one element per step",
            "这个循环每步用 `if` 判断一个元素",
        ),
        Text(
            "compute the branches on the whole {data} and choose with a mask (torch.where, np.where)",
            "对整个{data}算出各个分支，再用掩码选择（torch.where、np.where）",
        ),
    ),
    "VD104": RuleWords(
        Text("a mask filled row by row from lengths", "按长度逐行填充掩码"),
        Text(
            "the loop fills each row up to (or from) its own length, one row per step",
            "这个循环每步按一行自己的长度填充这一行",
        ),
        Text(
            "build the mask of every row at once, arange(T) < lengths[:, None], and apply it with "
            "masked_fill or where",
            "一次构造所有行的掩码 arange(T) < lengths[:, None]，再用 masked_fill 或 where 使用它",
        ),
    ),
    "VD105": RuleWords(
        Text("a scatter or a count, one element at a time", "逐个元素的分散写入或计数"),
        Text(
            "the loop adds (or writes) one element per step at a position taken from another {data}",
            "这个循环每步往另一个{data}给出的位置累加（或写入）一个元素",
        ),
        Text(
            "accumulate them all in one call: index_add_, scatter_add_ or bincount (np.add.at or "
            "np.bincount for numpy)",
            "用一次调用全部累加：index_add_、scatter_add_ 或 bincount（numpy 用 np.add.at 或 np.bincount）",
        ),
    ),
    "VD110": RuleWords(
        Text("`.item()` in a loop over a tensor", "在遍历张量的循环里调用 `.item()`"),
        Text(
            "`{call}` in a loop over a tensor copies one value to the host per step, "
            "a device sync every time",
            "在遍历张量的循环里调用 `{call}`，每步都把一个值复制到主机，每次都是一次设备同步",
        ),
        Text(
            "read all the values with one `.tolist()` before the loop, or keep the work in tensors",
            "在循环前用一次 `.tolist()` 读出全部值，或者让计算留在张量里",
        ),
    ),
    "VD111": RuleWords(
        Text("a copy to the host in a loop over a tensor", "在遍历张量的循环里复制到主机"),
        Text(
            "`{call}` in a loop over a tensor copies to the host once per step, a device sync every time",
            "在遍历张量的循环里调用 `{call}`，每步都复制到主机一次，每次都是一次设备同步",
        ),
        Text(
            "copy the whole tensor once before the loop, or keep the work on the device",
            "在循环前把整个张量复制一次，或者让计算留在设备上",
        ),
    ),
    "VD112": RuleWords(
        Text("a tensor turned into a Python value in a loop", "在循环里把张量变成 Python 值"),
        Text(
            "`{call}` on a tensor in a loop over tensor data reads one value into Python per step, "
            "a device sync every time",
            "在遍历张量数据的循环里对张量使用 `{call}`，每步都把一个值读进 Python，每次都是一次设备同步",
        ),
        Text(
            "decide for every element at once with a mask, or read the values once with `.tolist()` "
            "before the loop",
            "用掩码一次判断所有元素，或者在循环前用 `.tolist()` 一次读出全部值",
        ),
    ),
    "VD120": RuleWords(
        Text("one small tensor per element, joined after the loop", "每个元素一个小张量，循环后再拼接"),
        Text(
            "the loop makes one small {data} per element and joins them after it: one allocation "
            "(on a GPU, one copy) per element",
            "这个循环为每个元素造一个小{data}，循环后再拼接：每个元素一次分配（在 GPU 上还有一次复制）",
        ),
        Text(
            "make it once from all the values, torch.tensor(values), or compute it with "
            "whole-{data} operations",
            "用全部值一次构造，torch.tensor(values)，或者用整个{data}的运算直接算出",
        ),
    ),
    "VD121": RuleWords(
        Text("a tensor grown by concatenation in a loop", "在循环里靠拼接变长的张量"),
        Text(
            "`{name}` grows by concatenation in the loop, which copies everything gathered so far at "
            "every step (quadratic)",
            "`{name}` 在循环里靠拼接变长，每步都要复制已有的全部内容（平方级）",
        ),
        Text(
            "append the pieces to a list and concatenate once after the loop, or compute every row at once",
            "把各块放进列表，循环后只拼接一次，或者一次算出所有行",
        ),
    ),
    "VD122": RuleWords(
        Text("rows computed one by one, then stacked", "逐行计算，再堆叠"),
        Text(
            "the loop computes one row per step and stacks the rows after it",
            "这个循环每步算一行，循环后再把各行堆叠起来",
        ),
        Text(
            "compute every row at once on the whole {data}: matmul and reductions with dim= take a "
            "batch dimension",
            "对整个{data}一次算出所有行：matmul 和带 dim= 的归约都支持批量维度",
        ),
    ),
    "VD130": RuleWords(
        Text("a Python function called per element", "对每个元素调用的 Python 函数"),
        Text(
            "`{call}` calls a Python function once per element (or per row): a loop in disguise",
            "`{call}` 对每个元素（或每一行）调用一次 Python 函数：这是伪装的循环",
        ),
        Text(
            "write the function with whole-{data} operations (ufuncs, broadcasting, where) and call it once",
            "用整个{data}的运算（ufunc、广播、where）写这个函数，只调用一次",
        ),
    ),
    "VD131": RuleWords(
        Text("a comprehension over a tensor", "遍历张量的推导式"),
        Text(
            "the comprehension computes one element of a {data} per step in Python",
            "这个推导式在 Python 里每步计算{data}的一个元素",
        ),
        Text("apply the operation to the whole {data} at once", "直接对整个{data}做这个运算"),
    ),
    "VD132": RuleWords(
        Text("a Python builtin walking a tensor", "逐个元素遍历张量的 Python 内置函数"),
        Text(
            "`{call}` walks a tensor in Python, one element (on a GPU, one sync) at a time",
            "`{call}` 在 Python 里逐个元素地遍历张量（在 GPU 上每个元素一次同步）",
        ),
        Text("use {way} instead", "改用 {way}"),
    ),
    "VD140": RuleWords(
        Text("loops computing a matrix product piece by piece", "一块一块计算矩阵乘积的循环"),
        Text(
            "the loop computes a matrix product one multiply-add, or one row, at a time",
            "这个循环一次一个乘加（或一次一行）地计算矩阵乘积",
        ),
        Text("use one matrix product: @, matmul, bmm or einsum", "用一次矩阵乘法：@、matmul、bmm 或 einsum"),
    ),
    "VD141": RuleWords(
        Text("nested loops computing a pairwise table", "计算两两配对表的嵌套循环"),
        Text(
            "the nested loops compute a table over all pairs of rows, one pair per step",
            "这些嵌套循环每步算一对行，得出所有行对的表",
        ),
        Text(
            "broadcast the rows against each other, a[:, None] - b[None, :], or use cdist, then "
            "reduce the last dimension",
            "让两组行互相广播 a[:, None] - b[None, :]，或者用 cdist，再对最后一维归约",
        ),
    ),
}

DATA_WORDS = {"tensor": Text("tensor", "张量"), "array": Text("array", "数组")}

FINDING = Text("{why}: {fix} (vecdrill try {drill})", "{why}：{fix}（vecdrill try {drill}）")
OR_WORD = Text(" or ", " 或 ")

MESSAGES = {
    "summary": Text(
        "{count} {noun} in {files} of {checked} files checked ({lines} lines, {seconds:.2f} s).",
        "检查了 {checked} 个文件（{lines} 行，{seconds:.2f} 秒），在其中 {files} 个里发现 {count} 处。",
    ),
    "finding": Text("finding", "处"),
    "findings": Text("findings", "处"),
    "clean": Text(
        "No loops to fix in {checked} files checked ({lines} lines, {seconds:.2f} s).",
        "检查了 {checked} 个文件（{lines} 行，{seconds:.2f} 秒），没有要改的循环。",
    ),
    "unparsable": Text(
        "{path}: skipped, Python cannot parse it ({problem}).",
        "{path}：已跳过，Python 无法解析它（{problem}）。",
    ),
    "unreadable": Text(
        "{path}: skipped, it cannot be read ({problem}).", "{path}：已跳过，无法读取（{problem}）。"
    ),
    "drills": Text("The drills that teach these fixes:", "教这些改法的练习："),
    "drill_line": Text(
        "  vecdrill try {drill}  ({codes}: {count} {noun})", "  vecdrill try {drill}（{codes}：{count} 处）"
    ),
    "start_drill": Text("Start `vecdrill try {drill}` now?", "现在开始 `vecdrill try {drill}` 吗？"),
    "no_drill": Text("No findings, so no drill to practise.", "没有发现，不需要做练习。"),
    "explain_before": Text("Before:", "改之前："),
    "explain_after": Text("After:", "改之后："),
    "explain_drill": Text("Practise it: vecdrill try {drill}", "练习：vecdrill try {drill}"),
    "explain_default": Text(
        "On by default; silence one line with `# noqa: {code}`.",
        "默认开启；在一行末尾写 `# noqa: {code}` 可让这一行不报告。",
    ),
    "explain_off": Text(
        "Off by default (see benchmarks/lint_precision.md); turn it on with `--select {code}`.",
        "默认关闭（见 benchmarks/lint_precision.md）；用 `--select {code}` 打开。",
    ),
}
