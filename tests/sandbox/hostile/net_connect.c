// Connects to an outside address and to 127.0.0.1:argv[1] (where the test listens on
// the host): no network at all inside.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>
#include "escape_common.h"
static int try_connect(const char* ip, int port) {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) return 0;
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  inet_pton(AF_INET, ip, &a.sin_addr);
  int rc = connect(s, (struct sockaddr*)&a, sizeof a);
  close(s);
  return rc == 0;
}
int main(int argc, char** argv) {
  ATTEMPT(try_connect("1.1.1.1", 53), "connect to 1.1.1.1:53");
  ATTEMPT(try_connect("8.8.8.8", 443), "connect to 8.8.8.8:443");
  if (argc > 1) ATTEMPT(try_connect("127.0.0.1", atoi(argv[1])), "connect to the host's 127.0.0.1 listener");
  int s = socket(AF_INET, SOCK_DGRAM, 0);
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons(53);
  inet_pton(AF_INET, "1.1.1.1", &a.sin_addr);
  ATTEMPT(s >= 0 && sendto(s, "x", 1, 0, (struct sockaddr*)&a, sizeof a) == 1, "UDP to 1.1.1.1:53");
  return escaped;
}
