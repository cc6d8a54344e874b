chunk2
