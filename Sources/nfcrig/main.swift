print("nfcrig")
