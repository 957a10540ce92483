"""The views of a result: the terminal (render, screens, watch_screen, grades: the only modules
importing rich), the notebook's text and HTML (text, html_view), the chart and the markdown they draw."""
