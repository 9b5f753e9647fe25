// Replaced by the store crash-test child.
print("overlay-torture")
