print("leavenow-bench")
