"""The words a drill's author and a teacher read in their own language: `vecdrill dev check`'s
summary (`dev_check`: its labels and notes; `mutation`: the mutation scores) and why `vecdrill
grade` ignores a file (`roster`). A dev check's problems stay English: they quote drill.toml's keys
and the author's code.
"""

from __future__ import annotations

SECTIONS: dict[str, dict[str, tuple[str, str]]] = {
    "dev_check": {
        "problem": ("[red]problem:[/] {problem}", "[red]问题：[/]{problem}"),
        "warning": ("[yellow]warning:[/] {warning}", "[yellow]警告：[/]{warning}"),
        "summary": ("dev check: {drills} drills, {verdict}{warnings}", "dev check：{drills} 道题，{verdict}{warnings}"),
        "all_good": ("[green]all good[/]", "[green]全部合格[/]"),
        "problems": ("[red]{count} problem(s)[/]", "[red]{count} 个问题[/]"),
        "warnings": (", {count} warning(s)", "，{count} 条警告"),
        "english_only": ('pack {pack} is English only (languages = ["en"] in its pack.toml): --lang zh shows its English text and says so', '题包 {pack} 只有英文（其 pack.toml 中 languages = ["en"]）：--lang zh 显示它的英文原文，并说明这一点'),
    },
    "mutation": {
        "not_tested": ("{drill}: not mutation-tested ({why})", "{drill}：未做变异测试（{why}）"),
        "could_not": ("vecdrill could not mutation-test it: {error}", "vecdrill 无法对它做变异测试：{error}"),
        "reference_fails": ("its reference solution does not pass its own check: {fault}", "它的参考解法通不过自己的检查：{fault}"),
        "weak": ("{drill}: weakly tested: only {counted} non-equivalent {noun} ({killed} killed, {equivalent} equivalent, {gated}{mutants} in all), too few for a score; {why}", "{drill}：检验不足：非等价的只有 {counted} {noun}（{killed} 个被杀死，{equivalent} 个等价，{gated}共 {mutants} 个），太少，不足以评分；{why}"),
        "little_to_change": ("its solution gives mutation testing little to change", "它的解法没给变异测试留下多少可改之处"),
        "score": ("{drill}: mutation score {percent:.0f}% ({killed} of {counted} killed, {equivalent} equivalent, {gated}{survived} survived, {explained} explained; {mutants} {noun} in {seconds:.1f} s)", "{drill}：变异得分 {percent:.0f}%（{counted} 个中杀死 {killed} 个，{equivalent} 个等价，{gated}{survived} 个存活，{explained} 个有说明；{mutants} {noun}，用时 {seconds:.1f} 秒）"),
        "gated": ("{count} stopped by the gate, ", "{count} 个被静态检查拦下，"),
        "mutant_one": ("mutant", "个变异体"),
        "mutant_many": ("mutants", "个变异体"),
        "pack": ("pack: mutation score {percent:.1f}%, {killed} of {counted} non-equivalent mutants killed in {drills} {noun}{weak}", "题包：变异得分 {percent:.1f}%，{drills} {noun}的 {counted} 个非等价变异体中杀死了 {killed} 个{weak}"),
        "drill_one": ("drill", "道题"),
        "drill_many": ("drills", "道题"),
        "pack_weak": ("; {count} weakly tested (fewer than {few} non-equivalent mutants)", "；{count} 道题检验不足（非等价变异体少于 {few} 个）"),
    },
    "roster": {
        "already_has": ("{student} already has {other} for {drill}", "{student} 已为 {drill} 交了 {other}"),
        "also_has": ("{student} has {path} for {drill}", "{student} 还为 {drill} 交了 {path}"),
        "link": ("{link} is a symbolic link; hand in files, not links", "{link} 是符号链接；请交文件，不要交链接"),
        "not_graded": ("it is for {drill}, which is not graded here", "它是 {drill} 的解答，这次不批改这道题"),
    },
}
