build:
	swift build

test:
	swift test
