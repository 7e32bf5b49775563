# Sleeps: the wall time limit ends it (TIMELIMIT).
import time
time.sleep(30)
