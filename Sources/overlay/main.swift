import OverlayCore

print("overlay")
