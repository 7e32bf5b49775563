// Run 1 ("put"): leaves a SysV shared memory segment (when the sandbox allows one), a
// /dev/shm file and a file in /tmp. Run 2 ("get"): must find none of them (SysV IPC is
// refused, every run has its own IPC namespace and tmpfs mounts).
#include <fcntl.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <unistd.h>
#include "escape_common.h"
int main(int argc, char** argv) {
  if (argc < 2) return 2;
  if (strcmp(argv[1], "put") == 0) {
    int id = shmget(0x4a554447, 4096, IPC_CREAT | 0666);
    char* p = id >= 0 ? shmat(id, 0, 0) : (char*)-1;
    if (p != (char*)-1) strcpy(p, "secret from an earlier run");
    close(open("/dev/shm/judge-leftover", O_CREAT | O_WRONLY, 0666));
    close(open("/tmp/judge-leftover", O_CREAT | O_WRONLY, 0666));
    return 0;
  }
  ATTEMPT(shmget(0x4a554447, 4096, 0) >= 0, "SysV shm of an earlier run");
  ATTEMPT(access("/dev/shm/judge-leftover", F_OK) == 0, "/dev/shm file of an earlier run");
  ATTEMPT(access("/tmp/judge-leftover", F_OK) == 0, "/tmp file of an earlier run");
  return escaped;
}
