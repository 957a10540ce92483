"""The versioned result model, JSON, and every view of it: the only package that imports rich."""
