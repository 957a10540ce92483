"""The words of vecdrill's own views: the watch screen, list, progress, show, hints, the report's
frame, the gradebook's summary. Each code holds its English and its Chinese sentence side by side."""

from __future__ import annotations

SECTIONS: dict[str, dict[str, tuple[str, str]]] = {
    "watch": {
        "created": (
            "Created [bold]{path}[/] from the starter: write your solution there.",
            "已按起始代码创建 [bold]{path}[/]：在这个文件里写你的解法。",
        ),
        "exists": (
            "Your file [bold]{path}[/] already exists; vecdrill keeps it as it is and checks it.",
            "你的文件 [bold]{path}[/] 已经存在；vecdrill 保留原样并检查它。",
        ),
        "workspace": (
            "Your drills live in {folder} (--workspace or VECDRILL_WORKSPACE moves them).",
            "你的练习文件都在 {folder}（可用 --workspace 或 VECDRILL_WORKSPACE 改到别处）。",
        ),
        "moved": (
            "Moved your file {old} to {new}: vecdrill keeps your drills in a folder of their own.",
            "已把你的文件 {old} 移到 {new}：vecdrill 把练习放在单独的文件夹里。",
        ),
        "kept": (
            "Left {old} where it is: {new} exists already; compare the two and keep one.",
            "{old} 没有移动：{new} 已经存在；请比较两者并保留一个。",
        ),
        "editing": (
            "Opening {editor} on your file: quit the editor to have it checked here. To see a verdict on "
            "every save, keep your editor in one pane and run `{command}` in another.",
            "正在用 {editor} 打开你的文件：退出编辑器后在这里检查。若想每次保存都看到结果，请在一个窗格里开编辑器，在另一个窗格里运行 `{command}`。",
        ),
        "preparing": (
            "Getting the checker ready (torch, and the loop's answers for this drill); you can start "
            "editing now...",
            "正在准备检查器（加载 torch，并算出本题循环的答案）；你现在就可以开始编辑……",
        ),
        "waiting": (
            "Waiting for your first save: edit [bold]{path}[/] and save it; every save is checked here.",
            "等待你第一次保存：编辑并保存 [bold]{path}[/]；每次保存都会在这里检查。",
        ),
        "stop": ("Ctrl-C stops.", "按 Ctrl-C 停止。"),
        "checking": ("Checking your file...", "正在检查你的文件……"),
        "measuring": (
            "Correct and vectorized; now measuring the speedup...",
            "结果正确且已向量化；正在测量加速比……",
        ),
        "checked": (
            "Checked in {ms} ms at {clock}; save again to check again.",
            "用时 {ms} 毫秒，检查于 {clock}；再次保存即可重新检查。",
        ),
        "faster": ("{speed} than the loop", "比循环{speed}"),
        "next_key": (
            "Next: press [bold]n[/] for {drill} ({title}); [bold]e[/] shows the explanation.",
            "下一步：按 [bold]n[/] 开始 {drill}（{title}）；按 [bold]e[/] 查看讲解。",
        ),
        "fix_key": (
            "Fix your file and save it; [bold]h[/] gives a hint.",
            "修改文件并保存；按 [bold]h[/] 获取提示。",
        ),
        "fix_command": (
            "Stuck? [bold]vecdrill hint {drill}[/] shows a hint.",
            "卡住了？[bold]vecdrill hint {drill}[/] 给出提示。",
        ),
        "hint": ("Hint {number} of {total}: ", "提示 {number}/{total}："),
        "last_hint": (
            "That was the last hint; the solution opens with `vecdrill solution {drill}`.",
            "这是最后一条提示；`vecdrill solution {drill}` 可查看参考解。",
        ),
        "more": (
            "... {count} more lines: `vecdrill check {path}` shows them all",
            "……还有 {count} 行：`vecdrill check {path}` 显示全部",
        ),
        "output": ("Your solution's output (the end):", "你的解法的输出（末尾）："),
        "progress": ("{bar} {solved} of {total} drills solved", "{bar} 已通过 {solved}/{total} 题"),
        "not_yet": (
            "The explanation and the reference solution open once your file passes (or with `vecdrill "
            "solution {drill}`); h gives a hint.",
            "通过之后才能查看讲解和参考解（或运行 `vecdrill solution {drill}`）；按 h 获取提示。",
        ),
        "path_done": (
            "No other drill on this path is left unsolved; `vecdrill list` shows them all.",
            "这条路线上其余的题目你都已通过；`vecdrill list` 列出全部题目。",
        ),
        "footer": (
            "n next · h hint · t task · l list · e explanation · q quit",
            "n 下一题 · h 提示 · t 题目 · l 列表 · e 讲解 · q 退出",
        ),
        "back": (" · ↵ back", " · ↵ 返回"),
        "summary": (
            "Stopped watching {drill} after {checks}: {outcome}. Your file stays at {path}.",
            "已停止监视 {drill}，共检查 {checks}：{outcome}。你的文件仍在 {path}。",
        ),
        "solved": ("solved", "已解出"),
        "solved_speed": ("solved, {speed} than the loop", "已解出，比循环{speed}"),
        "unsolved": (
            "not solved yet (vecdrill hint {drill} gives a hint)",
            "尚未解出（vecdrill hint {drill} 给出提示）",
        ),
        "one_check": ("1 check", "1 次"),
        "checks": ("{count} checks", "{count} 次"),
    },
    "path": {
        "level": ("level {level}", "难度 {level}"),
        "legend": ("✓ solved   ▶ your next drill", "✓ 已通过   ▶ 下一题"),
        "all_solved": ("You have solved every drill on this path.", "这条路线上的题目你已全部通过。"),
        "progress": (
            "Your progress: {solved} of {total} drills solved",
            "你的进度：{total} 题中已通过 {solved} 题",
        ),
        "by_level": ("By level", "按难度"),
        "by_technique": ("By technique", "按技巧"),
        "path_done": (
            "You have solved every drill of {packs}. `vecdrill list` shows them all; `vecdrill check` "
            "re-checks any file.",
            "{packs}的题目你已全部通过。`vecdrill list` 列出全部题目；`vecdrill check` 可以重新检查任何文件。",
        ),
        "unlisted": ("Not in a track of pack.toml yet", "尚未列入 pack.toml 的任何一轨"),
        "waiting_legend": (
            "○ builds on a drill you have not solved; `vecdrill try ID` names it.",
            "○ 用到了你还没通过的前置题；`vecdrill try ID` 会列出是哪几题。",
        ),
    },
    "show": {
        "write": ("Write [bold]{signature}[/] {rule}", "写出 [bold]{signature}[/]{rule}"),
        "loop": ("The loop to replace", "要替换的循环"),
        "inputs": ("Inputs", "输入"),
        "dim": ("a Python int, the size of {dim}", "Python 整数，即 {dim} 的大小"),
        "const": ("a Python number, always {value:g}", "Python 数，恒为 {value:g}"),
        "number": ("a Python number", "Python 数"),
        "sizes": ("Checked at sizes: {sizes}", "检查的规模：{sizes}"),
        "bench": ("Benchmark size: {size}", "计时的规模：{size}"),
        "rules": ("Rules", "本题规则"),
        "start": (
            "Start it with [bold]{start}[/], or check a file with [bold]{check}[/].",
            "用 [bold]{start}[/] 开始，或用 [bold]{check}[/] 检查一个文件。",
        ),
        "normal": ("normal values x {scale:g}", "正态分布的值 x {scale:g}"),
        "uniform": ("uniform floats in [{low:g}, {high:g})", "[{low:g}, {high:g}) 内均匀分布的浮点数"),
        "int": ("integers in [{low:g}, {high:g})", "[{low:g}, {high:g}) 内的整数"),
        "index_inclusive": ("integers in [0, {into}]", "[0, {into}] 内的整数"),
        "index": ("indices in [0, {into})", "[0, {into}) 内的下标"),
        "bool": ("booleans, true with probability {p:g}", "布尔值，为真的概率是 {p:g}"),
        "probs": (
            "probabilities along the last dimension (rows sum to 1)",
            "沿最后一维的概率（每行之和为 1）",
        ),
        "custom": ("values the drill makes itself (see the task)", "由本题自己构造的值（见题目说明）"),
    },
    "scaling": {
        "title": (
            "time per call on {device} as the size grows{fixed}:",
            "{device} 上单次调用的时间随规模的变化{fixed}：",
        ),
        "fixed": (" ({sizes} fixed)", "（{sizes} 不变）"),
        "head_size": ("size", "规模"),
        "head_loop": ("loop", "循环"),
        "head_yours": ("yours", "你的解法"),
        "head_speedup": ("speedup", "加速比"),
        "legend": ("[red]o loop[/]  [green]x yours[/]", "[red]o 循环[/]  [green]x 你的解法[/]"),
        "crossover": ("  [yellow]┊ crossover[/]", "  [yellow]┊ 交叉点[/]"),
        "axes": ("  (both axes logarithmic)", "  （两轴均为对数刻度）"),
    },
    "report": {
        "output": ("Your solution's output:", "你的解法的输出："),
        "error_output": ("Your solution's error output:", "你的解法的错误输出："),
        "note": ("note: {note}", "注：{note}"),
        "next": ("Next: [bold]{command}[/] ({title})", "下一题：[bold]{command}[/]（{title}）"),
        "pack_done": ("You have solved every drill of {pack}.", "{pack}的题目你已全部通过。"),
        "reference_differs": ("The reference solution differs from yours:", "参考解与你的写法不同："),
    },
    "hints": {
        "heading": ("Hint {number} of {total}: ", "提示 {number}/{total}："),
        "again": (
            "Run [bold]vecdrill hint {drill}[/] again for the next step.",
            "再运行一次 [bold]vecdrill hint {drill}[/] 查看下一步。",
        ),
        "last": (
            "That was the last hint; [bold]vecdrill solution {drill}[/] shows the reference solution.",
            "这是最后一条提示；[bold]vecdrill solution {drill}[/] 显示参考解。",
        ),
        "solution": ("The reference solution of {drill}", "{drill} 的参考解"),
    },
    "rules": {
        "anything_else": ("anything else", "其他一切"),
        "banned": ("banned {rule}", "禁用 {rule}"),
        "allowed": ("allowed, and nothing else: {names}", "只允许使用：{names}"),
        "why": ("  why {rule}", "  原因 {rule}"),
        "max_line": ("at most {count} line of code in the body", "函数体最多 {count} 行代码"),
        "max_lines": ("at most {count} lines of code in the body", "函数体最多 {count} 行代码"),
        "max_columns": ("lines at most {count} characters wide", "每行最多 {count} 个字符"),
        "helpers": ("you may call the reference solutions of: {names}", "可调用的前面题目的参考解：{names}"),
    },
    "explain": {
        "prerequisites_one": (
            "{drill} builds on {names}, which you have not solved yet: you can go ahead, or start with `{command}`.",
            "{drill} 用到了 {names} 的做法，你还没有通过它：可以直接开始，也可以先做 `{command}`。",
        ),
        "prerequisites_many": (
            "{drill} builds on {names}, which you have not solved yet: you can go ahead, or start with `{command}`.",
            "{drill} 用到了 {names} 的做法，你还没有通过它们：可以直接开始，也可以先做 `{command}`。",
        ),
        "list_separator": (", ", "、"),
        "and": (" and ", "、"),
        "measured_elsewhere": (
            "*The figures below were measured on the drill author's machine; the check report gives yours, "
            "from this machine.*",
            "*下文引用的数字是在出题者的机器上测得的；你这台机器上的数字以检查报告为准。*",
        ),
    },
    "grades": {
        "footer": (
            "{rows}{shard}: {checked} checked, {reused} from earlier runs",
            "{rows}{shard}：检查了 {checked}，{reused} 个沿用之前的结果",
        ),
        "shard": (" (shard {shard})", "（分片 {shard}）"),
        "rows_one": ("1 row", "1 行"),
        "rows_many": ("{count} rows", "{count} 行"),
        "files_one": ("1 file", "1 个文件"),
        "files_many": ("{count} files", "{count} 个文件"),
        "ignored": ("; {files} not graded, listed in the gradebook", "；{files}未评分，列在成绩册里"),
        "written": (
            ". Gradebook: {document} and {rows}; one row per student: {students}",
            "。成绩册：{document} 和 {rows}；每个学生一行：{students}",
        ),
        "same_heading": (
            "Identical hand-ins (short answers are often alike: look before judging):",
            "相同的提交（简短的答案常常一样，请先看代码再判断）：",
        ),
        "same_bytes": ("same bytes", "字节完全相同"),
        "copies": ("  {drill}: {names} ({how})", "  {drill}：{names}（{how}）"),
        "name_separator": (", ", "、"),
        "same_code": ("same code, other names or spacing", "代码相同，只有名字或空白不同"),
    },
}
