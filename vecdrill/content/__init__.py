"""What a drill is: the model, loading and validation, the cache, finding packs."""
