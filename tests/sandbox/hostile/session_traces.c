// Two runs of one sandbox session: "leave <kind>" leaves a trace of one kind for the
// session's next run, "find <kind>" looks for it (ESCAPED on stderr and exit 1 when
// found; exit 0 when it is gone). Kinds:
//   work   a file in the work directory (the run's write layer)
//   tmp    a file in /tmp
//   shm    a POSIX shared-memory object: a file in /dev/shm, as shm_open makes it
//   sysv   a SysV shared-memory segment, message queue and semaphore set and a POSIX
//          message queue, each when the sandbox allows it (the seccomp filter refuses
//          them all)
//   child  a background process (setsid, double fork: reparented to the init)
//   peak   no trace: "leave" touches 48 MiB and burns 200 ms of CPU, "find" nothing;
//          the next run's measurements must be its own
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include <dirent.h>
#include <stdlib.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "escape_common.h"

enum { kKey = 0x4a554447 };

static int leave(const char* kind) {
  if (strcmp(kind, "work") == 0) return close(open("left_by_earlier_run", O_CREAT | O_WRONLY, 0644)) == 0 ? 0 : 3;
  if (strcmp(kind, "tmp") == 0) return close(open("/tmp/left_by_earlier_run", O_CREAT | O_WRONLY, 0644)) == 0 ? 0 : 3;
  if (strcmp(kind, "shm") == 0)
    return close(open("/dev/shm/left_by_earlier_run", O_CREAT | O_RDWR | O_NOFOLLOW, 0600)) == 0 ? 0 : 3;
  if (strcmp(kind, "sysv") == 0) {
    int shm = shmget(kKey, 4096, IPC_CREAT | 0666);
    char* p = shm >= 0 ? (char*)shmat(shm, 0, 0) : (char*)-1;
    if (p != (char*)-1) strcpy(p, "secret from an earlier run");
    if (msgget(kKey, IPC_CREAT | 0666) >= 0 || semget(kKey, 1, IPC_CREAT | 0666) >= 0)
      fprintf(stderr, "a SysV message queue or semaphore set was made\n");
    mqd_t q = mq_open("/left_by_earlier_run", O_CREAT | O_RDWR, 0600, NULL);
    if (q != (mqd_t)-1) fprintf(stderr, "a POSIX message queue was made\n");
    return 0;
  }
  if (strcmp(kind, "child") == 0) {
    pid_t pid = fork();
    if (pid < 0) return 3;
    if (pid == 0) {
      setsid();
      if (fork() != 0) _exit(0);
      for (;;) pause();
    }
    waitpid(pid, NULL, 0);
    return 0;
  }
  if (strcmp(kind, "peak") == 0) {
    size_t size = 48u << 20;
    volatile char* p = malloc(size);
    for (size_t i = 0; i < size; i += 4096) p[i] = 1;
    struct timespec start, now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start);
    do clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    while ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 < 200);
    return 0;
  }
  return 2;
}

// Another process of this pid namespace that /proc shows (the init, root, is hidden
// by hidepid=2; a zombie left unreaped would show).
static int other_process(void) {
  DIR* d = opendir("/proc");
  if (!d) return 0;
  int found = 0;
  struct dirent* e;
  while ((e = readdir(d)) != NULL)
    if (e->d_name[0] >= '1' && e->d_name[0] <= '9' && atoi(e->d_name) != getpid() && atoi(e->d_name) != 1) {
      fprintf(stderr, "process %s\n", e->d_name);
      found = 1;
    }
  closedir(d);
  return found;
}

static int find(const char* kind) {
  if (strcmp(kind, "work") == 0) ATTEMPT(access("left_by_earlier_run", F_OK) == 0, "work directory file of an earlier run");
  if (strcmp(kind, "tmp") == 0) ATTEMPT(access("/tmp/left_by_earlier_run", F_OK) == 0, "/tmp file of an earlier run");
  if (strcmp(kind, "shm") == 0)
    ATTEMPT(access("/dev/shm/left_by_earlier_run", F_OK) == 0, "POSIX shared memory of an earlier run");
  if (strcmp(kind, "sysv") == 0) {
    ATTEMPT(shmget(kKey, 4096, 0) >= 0, "SysV shared memory of an earlier run");
    ATTEMPT(msgget(kKey, 0) >= 0, "SysV message queue of an earlier run");
    ATTEMPT(semget(kKey, 1, 0) >= 0, "SysV semaphore of an earlier run");
    ATTEMPT(mq_open("/left_by_earlier_run", O_RDWR) != (mqd_t)-1, "POSIX message queue of an earlier run");
  }
  if (strcmp(kind, "child") == 0) ATTEMPT(other_process(), "a process of an earlier run");
  return escaped;
}

// The run's pid, IPC and mount namespaces, on one line of stdout.
static void print_namespaces(void) {
  const char* names[] = {"/proc/self/ns/pid", "/proc/self/ns/ipc", "/proc/self/ns/mnt"};
  for (int i = 0; i < 3; ++i) {
    char link[64] = "";
    ssize_t n = readlink(names[i], link, sizeof link - 1);
    if (n > 0) link[n] = '\0';
    printf("%s%s", i ? " " : "", link);
  }
  printf("\n");
  fflush(stdout);
}

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  print_namespaces();
  if (strcmp(argv[1], "leave") == 0) return leave(argv[2]);
  if (strcmp(argv[1], "find") == 0) return find(argv[2]);
  return 2;
}
