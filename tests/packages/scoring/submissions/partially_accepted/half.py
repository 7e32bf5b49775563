# Half of the best everywhere: 5 + 20 + 25 = 50 points.
print(int(input()) // 2)
