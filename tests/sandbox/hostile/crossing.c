// A channel between two runs, as a hostile contestant would use it: "write <channel>
// <label>" changes what the channel carries, "read <channel> <label>" prints on one
// line what a run can see of it. Nothing crosses runs when a reader after a writer
// prints what a reader prints in a fresh sandbox (tests/sandbox/crossing_test.cc).
// Channels:
//   pid      the pid counter: the writer forks a few children; the reader prints its
//            pid and /proc/sys/kernel/ns_last_pid
//   sysv     the SysV IPC id counters: the writer makes and removes segments and
//            semaphore sets; the reader prints the ids of a new one of each
//   inode    the inode counter of the work directory's write layer: the writer makes
//            and removes files; the reader prints a new file's inode number
//   scratch  the inode counters of /tmp and /dev/shm: the writer makes files with
//            O_TMPFILE (which changes no directory's times); the reader prints a new
//            file's inode number in each
//   flags    the work directory root's inode flags: the writer flips NODUMP and sets
//            NOATIME (FS_IOC_SETFLAGS, no capability needed), the reader prints them
//   flowlabel an IPv6 flow label, which outlives its socket: the writer makes
//            <label> (IPV6_FLOWLABEL_MGR, CREATE|EXCL); the reader tries the same and
//            prints "taken" when it exists already
//   snmp     the network namespace's counters: the writer sends datagrams nowhere
//            (no route); the reader prints /proc/net/snmp's Ip OutNoRoutes
// A step the sandbox refuses prints "refused" (the channel is closed, not broken).
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef IPV6_FLOWLABEL_MGR
#define IPV6_FLOWLABEL_MGR 32
#endif
// linux/in6.h's, which netinet/in.h cannot be included with.
struct flowlabel_req {
  struct in6_addr dst;
  uint32_t label;
  uint8_t action, share;
  uint16_t flags, expires, linger;
  uint32_t pad;
};
enum { kFlGet = 0, kFlShareAny = 255, kFlCreate = 1, kFlExcl = 2 };

static void pid_write(void) {
  for (int i = 0; i < 5; ++i) {
    pid_t p = fork();
    if (p == 0) _exit(0);
    if (p > 0) waitpid(p, NULL, 0);
  }
}
static void pid_read(void) {
  char last[32] = "none";
  int fd = open("/proc/sys/kernel/ns_last_pid", O_RDONLY);
  if (fd >= 0) {
    ssize_t n = read(fd, last, sizeof last - 1);
    last[n > 0 ? n : 0] = '\0';
    if (n > 0 && last[n - 1] == '\n') last[n - 1] = '\0';
    close(fd);
  }
  printf("pid %d ns_last_pid %s\n", (int)getpid(), last);
}

static void sysv_write(void) {
  for (int i = 0; i < 5; ++i) {
    int shm = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
    if (shm >= 0) shmctl(shm, IPC_RMID, NULL);
    int sem = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600);
    if (sem >= 0) semctl(sem, 0, IPC_RMID);
  }
}
static void sysv_read(void) {
  int shm = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
  int sem = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600);
  if (shm >= 0) printf("shm %d", shm); else printf("shm refused");
  if (sem >= 0) printf(" sem %d\n", sem); else printf(" sem refused\n");
  if (shm >= 0) shmctl(shm, IPC_RMID, NULL);
  if (sem >= 0) semctl(sem, 0, IPC_RMID);
}

// A file made and removed in each of dirs (O_TMPFILE: made unnamed), five times.
static void inode_write(const char* const* dirs, int n, int tmpfile) {
  for (int d = 0; d < n; ++d) {
    char path[64];
    snprintf(path, sizeof path, "%s/crossing-%d", dirs[d], (int)getpid());
    for (int i = 0; i < 5; ++i) {
      int fd = tmpfile ? open(dirs[d], O_TMPFILE | O_RDWR, 0600) : open(path, O_CREAT | O_RDWR, 0600);
      if (fd >= 0) close(fd);
      if (!tmpfile) unlink(path);
    }
  }
}
// The inode number of a new file in each of dirs.
static void inode_read(const char* const* dirs, int n) {
  for (int d = 0; d < n; ++d) {
    char path[64];
    snprintf(path, sizeof path, "%s/crossing-probe", dirs[d]);
    int fd = open(path, O_CREAT | O_RDWR | O_EXCL, 0600);
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0) printf("%s%s %llu", d ? " " : "", dirs[d], (unsigned long long)st.st_ino);
    else printf("%s%s refused", d ? " " : "", dirs[d]);
    if (fd >= 0) close(fd);
    unlink(path);
  }
  printf("\n");
}
static const char* const kWork[] = {"."};
static const char* const kScratch[] = {"/tmp", "/dev/shm"};

static void flags_write(void) {
  int fd = open(".", O_RDONLY | O_DIRECTORY);
  int flags = 0;
  if (fd < 0 || ioctl(fd, FS_IOC_GETFLAGS, &flags) != 0) return;
  flags = (flags ^ FS_NODUMP_FL) | FS_NOATIME_FL;
  (void)ioctl(fd, FS_IOC_SETFLAGS, &flags);
  close(fd);
}
static void flags_read(void) {
  int fd = open(".", O_RDONLY | O_DIRECTORY);
  int flags = 0;
  if (fd >= 0 && ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0) printf("flags %#x\n", flags);
  else printf("flags refused\n");
  if (fd >= 0) close(fd);
}

// 0: made, 1: taken already (EEXIST), 2: refused otherwise.
static int flowlabel_make(uint32_t label) {
  int s = socket(AF_INET6, SOCK_DGRAM, 0);
  if (s < 0) return 2;
  struct flowlabel_req req;
  memset(&req, 0, sizeof req);
  req.dst = in6addr_loopback;
  req.label = htonl(label & 0x7ffff);  // below the stateless range
  req.action = kFlGet;
  req.share = kFlShareAny;
  req.flags = kFlCreate | kFlExcl;
  req.expires = 60;
  req.linger = 60;
  int rc = setsockopt(s, IPPROTO_IPV6, IPV6_FLOWLABEL_MGR, &req, sizeof req);
  int err = errno;
  close(s);
  return rc == 0 ? 0 : err == EEXIST ? 1 : 2;
}
static void flowlabel_read(uint32_t label) {
  static const char* const kWhat[] = {"free", "taken", "refused"};
  printf("flowlabel %s\n", kWhat[flowlabel_make(label)]);
}

static void snmp_write(void) {
  int s = socket(AF_INET, SOCK_DGRAM, 0);
  if (s < 0) return;
  struct sockaddr_in to;
  memset(&to, 0, sizeof to);
  to.sin_family = AF_INET;
  to.sin_port = htons(9);
  to.sin_addr.s_addr = htonl(0x0a010203);
  for (int i = 0; i < 7; ++i) (void)sendto(s, "x", 1, 0, (struct sockaddr*)&to, sizeof to);
  close(s);
}
static void snmp_read(void) {
  FILE* f = fopen("/proc/net/snmp", "r");
  char header[4096], values[4096];
  if (f == NULL) {
    printf("OutNoRoutes refused\n");
    return;
  }
  // "Ip: name name ..." then "Ip: value value ...": the column named OutNoRoutes.
  while (fgets(header, sizeof header, f) && fgets(values, sizeof values, f)) {
    if (strncmp(header, "Ip:", 3) != 0) continue;
    char *hs, *vs;
    char* h = strtok_r(header, " \n", &hs);
    char* v = strtok_r(values, " \n", &vs);
    while (h && v) {
      if (strcmp(h, "OutNoRoutes") == 0) printf("OutNoRoutes %s\n", v);
      h = strtok_r(NULL, " \n", &hs);
      v = strtok_r(NULL, " \n", &vs);
    }
  }
  fclose(f);
}

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  const int writer = strcmp(argv[1], "write") == 0;
  const char* channel = argv[2];
  const uint32_t label = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : 1;
  if (strcmp(channel, "pid") == 0) writer ? pid_write() : pid_read();
  else if (strcmp(channel, "sysv") == 0) writer ? sysv_write() : sysv_read();
  else if (strcmp(channel, "inode") == 0) writer ? inode_write(kWork, 1, 0) : inode_read(kWork, 1);
  else if (strcmp(channel, "scratch") == 0) writer ? inode_write(kScratch, 2, 1) : inode_read(kScratch, 2);
  else if (strcmp(channel, "flags") == 0) writer ? flags_write() : flags_read();
  else if (strcmp(channel, "flowlabel") == 0) writer ? (void)flowlabel_make(label) : flowlabel_read(label);
  else if (strcmp(channel, "snmp") == 0) writer ? snmp_write() : snmp_read();
  else return 2;
  return 0;
}
