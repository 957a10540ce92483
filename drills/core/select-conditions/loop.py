import numpy as np
import torch


def select_conditions(income: np.ndarray) -> np.ndarray:
    """Progressive tax on each income, one income at a time.

    income: (N,) float64, incomes >= 0.
    Returns (N,) float64, bracket by bracket (the first that applies wins):
        0                                 where income <= 10000,
        0.1 * (income - 10000)            where income <= 40000,
        3000 + 0.2 * (income - 40000)     where income <= 100000,
        15000 + 0.4 * (income - 100000)   otherwise.
    """
    tax = np.empty(income.shape[0], dtype=np.float64)
    for i in range(income.shape[0]):
        x = income[i]
        if x <= 10000:
            tax[i] = 0.0
        elif x <= 40000:
            tax[i] = 0.1 * (x - 10000)
        elif x <= 100000:
            tax[i] = 3000 + 0.2 * (x - 40000)
        else:
            tax[i] = 15000 + 0.4 * (x - 100000)
    return tax


def make_inputs(size: dict, gen: torch.Generator) -> dict:
    """Incomes spread over [0, 150000), a third of them within 2 of a bracket edge, where the
    conditions' order and their bounds decide the answer."""
    n = size["N"]
    spread = torch.rand(n, generator=gen, dtype=torch.float64) * 150000
    edges = torch.tensor([10000.0, 40000.0, 100000.0], dtype=torch.float64)
    edge = edges[torch.randint(0, 3, (n,), generator=gen)]
    near = edge + torch.rand(n, generator=gen, dtype=torch.float64) * 4 - 2
    pick = torch.rand(n, generator=gen) < 1 / 3
    return {"income": torch.where(pick, near, spread).numpy()}
