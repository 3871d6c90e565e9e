print("leavenow")
