"""The words of the starter notebook `vecdrill notebook ID` writes (`starter`: its Markdown cells)
and of the sentence that names it once written, in English and in Chinese side by side. Code, paths,
sizes and commands are values, never words.
"""

from __future__ import annotations

SECTIONS: dict[str, dict[str, tuple[str, str]]] = {
    "starter": {
        "task": ("Write `{call}` without a Python loop. It is checked at sizes {sizes}{timed}.", "不用 Python 循环写出 `{call}`。检查规模：{sizes}{timed}。"),
        "timed": (" and timed at {size}", "；基准规模：{size}"),
        "loop": ("The loop to replace:", "要替换的循环："),
        "how": ("Run the next cell once: it loads vecdrill's `%%vecdrill` cell magic. Then write your solution in the cell after it and run that cell. vecdrill checks it in a sandboxed process (your code never runs inside this notebook to be judged), shows the verdict and the speedup, and defines your function here so you can go on using it. Add `--scaling` after the drill id to chart the speedup by size; `vecdrill.hint({drill!r})` gives a hint.", "先运行一次下一个单元格：它会加载 vecdrill 的单元格魔法命令 `%%vecdrill`。然后在其后的单元格里写你的解法，并运行该单元格。vecdrill 在沙箱进程里检查它（判定时你的代码从不在这个 notebook 里运行），显示判定和加速比，并在这里定义你的函数，方便你接着用。在题目 id 后面加上 `--scaling`，可以画出各规模下的加速比；`vecdrill.hint({drill!r})` 给出提示。"),
        "created": ("Wrote {path}: open it with `jupyter lab {path}` and run its cells. The notebook extra brings JupyterLab and the magic it uses: `pip install -e \".[notebook]\"` in a clone, `pip install \"vecdrill[notebook]\"` from a package index.", "已写好 {path}：用 `jupyter lab {path}` 打开它，依次运行其中的单元格。可选依赖 notebook 会装上 JupyterLab 和这个魔法命令所需的包：在克隆的仓库里运行 `pip install -e \".[notebook]\"`，从包索引安装则运行 `pip install \"vecdrill[notebook]\"`。"),
    },
}
