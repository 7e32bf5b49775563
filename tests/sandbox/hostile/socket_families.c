// Opens sockets of families a network namespace does not isolate (AF_VSOCK reaches
// the hypervisor, AF_NETLINK the kernel, AF_PACKET raw frames), inet ones (their state
// outlives them in the namespace a session's runs share) and garbage domains; AF_UNIX
// must still work.
#include <stdint.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "escape_common.h"
#ifndef AF_VSOCK
#define AF_VSOCK 40
#endif
static int try_socket(long domain, int type) {
  long s = syscall(SYS_socket, domain, type, 0);
  if (s >= 0) close((int)s);
  return s >= 0;
}
int main(void) {
  ATTEMPT(try_socket(AF_VSOCK, SOCK_STREAM), "socket(AF_VSOCK)");
  ATTEMPT(try_socket(AF_NETLINK, SOCK_RAW), "socket(AF_NETLINK)");
  ATTEMPT(try_socket(AF_PACKET, SOCK_RAW), "socket(AF_PACKET)");
  ATTEMPT(try_socket(AF_UNSPEC, SOCK_STREAM), "socket(AF_UNSPEC)");
  ATTEMPT(try_socket(AF_APPLETALK, SOCK_DGRAM), "socket(AF_APPLETALK)");
  ATTEMPT(try_socket(AF_ALG, SOCK_SEQPACKET), "socket(AF_ALG)");
  ATTEMPT(try_socket(((long)1 << 32) | AF_VSOCK, SOCK_STREAM), "socket(AF_VSOCK with high bits)");
  int sv[2];
  ATTEMPT(socketpair(AF_VSOCK, SOCK_STREAM, 0, sv) == 0, "socketpair(AF_VSOCK)");
  ATTEMPT(try_socket(AF_INET, SOCK_DGRAM), "socket(AF_INET)");
  ATTEMPT(try_socket(AF_INET6, SOCK_DGRAM), "socket(AF_INET6)");
  if (!try_socket(AF_UNIX, SOCK_STREAM) || socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
    fprintf(stderr, "BROKEN: AF_UNIX refused (%s)\n", strerror(errno));
    return 2;
  }
  errno = 0;
  long s = syscall(SYS_socket, (long)AF_VSOCK, SOCK_STREAM, 0);
  printf("vsock errno %d\n", s < 0 ? errno : 0);
  return escaped;
}
