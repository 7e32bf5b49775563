// Solitaire (POJ 1198), written as a 2008 contestant would for POJ's G++ (MinGW
// g++ 4.x): only <iostream> is included, yet printf/scanf, memset and sort are used,
// because that compiler's <iostream> and <algorithm> brought them in. Grade it with
// the legacy profile: the file name's .poj.cpp picks cpp98-poj.
//
// One case per run, as POJ gives it. Bidirectional BFS, four moves from each end. A
// state is the four cells sorted and packed 6 bits each (24 bits); `vis` has one int
// per packed state, 64 MB of address space, of which only the pages of states the two
// searches reach are ever touched (so the resident size stays far below the limit).
#include <iostream>
using namespace std;

int vis[1 << 24];  // 0 unseen, 1 from the start, 2 from the target
int qa[200000], qb[200000];
int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};

int pack(int *c)
{
    sort(c, c + 4);
    return c[0] << 18 | c[1] << 12 | c[2] << 6 | c[3];
}

void unpack(int s, int *c)
{
    for (int i = 3; i >= 0; i--) { c[i] = s & 63; s >>= 6; }
}

bool taken(int *c, int x)
{
    return c[0] == x || c[1] == x || c[2] == x || c[3] == x;
}

// One BFS layer from q[*head..*tail); returns true when the other side's mark is met.
bool expand(int *q, int *head, int *tail, int mark)
{
    int end = *tail;
    while (*head < end) {
        int c[4], s = q[(*head)++];
        unpack(s, c);
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 4; k++) {
                int r = c[i] / 8 + dx[k], col = c[i] % 8 + dy[k];
                if (r < 0 || r > 7 || col < 0 || col > 7) continue;
                if (taken(c, r * 8 + col)) {
                    r += dx[k]; col += dy[k];
                    if (r < 0 || r > 7 || col < 0 || col > 7 || taken(c, r * 8 + col)) continue;
                }
                int n[4];
                memcpy(n, c, sizeof n);
                n[i] = r * 8 + col;
                int t = pack(n);
                if (vis[t] == 3 - mark) return true;
                if (vis[t]) continue;
                vis[t] = mark;
                q[(*tail)++] = t;
            }
    }
    return false;
}

int main()
{
    int a[4], b[4], r, c;
    for (int i = 0; i < 4; i++) { scanf("%d%d", &r, &c); a[i] = (r - 1) * 8 + c - 1; }
    for (int i = 0; i < 4; i++) { scanf("%d%d", &r, &c); b[i] = (r - 1) * 8 + c - 1; }
    int sa = pack(a), sb = pack(b);
    if (sa == sb) { printf("YES\n"); return 0; }
    vis[sa] = 1; vis[sb] = 2;
    qa[0] = sa; qb[0] = sb;
    int ha = 0, ta = 1, hb = 0, tb = 1;
    bool found = false;
    for (int step = 0; step < 4 && !found; step++) {
        found = expand(qa, &ha, &ta, 1);
        if (!found) found = expand(qb, &hb, &tb, 2);
    }
    printf(found ? "YES\n" : "NO\n");
    return 0;
}
