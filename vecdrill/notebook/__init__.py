"""vecdrill from Python and Jupyter: the API (`api`), what it returns (`displays`), how a function or
a cell crosses the kernel's edge (`source`), the `%%vecdrill` magic (`magic`, the one module that
imports IPython) and starter notebooks (`starter`).
"""
