// A* with the Manhattan-distance heuristic; closed set by Cantor hash.
#include <bits/stdc++.h>
using namespace std;

int fac[10];
int cantor(const string& s) {
    int r = 0;
    for (int i = 0; i < 9; i++) {
        int c = 0;
        for (int j = i + 1; j < 9; j++) if (s[j] < s[i]) c++;
        r += c * fac[8 - i];
    }
    return r;
}
int manhattan(const string& s) {
    int h = 0;
    for (int i = 0; i < 9; i++) {
        if (s[i] == '0') continue;
        int v = s[i] - '1';
        h += abs(i / 3 - v / 3) + abs(i % 3 - v % 3);
    }
    return h;
}

struct Node {
    int f, g;
    string s;
    bool operator<(const Node& o) const { return f > o.f; }
};

int main() {
    fac[0] = 1;
    for (int i = 1; i < 10; i++) fac[i] = fac[i - 1] * i;
    string s;
    for (int i = 0; i < 9; i++) {
        string t;
        if (!(cin >> t)) return 0;
        s += t == "x" ? '0' : t[0];
    }
    int inv = 0;
    for (int i = 0; i < 9; i++)
        for (int j = i + 1; j < 9; j++)
            if (s[i] != '0' && s[j] != '0' && s[i] > s[j]) inv++;
    if (inv & 1) { cout << "unsolvable\n"; return 0; }
    const string goal = "123456780";
    vector<int> best(362880, INT_MAX), par(362880, -1);
    vector<char> how(362880);
    priority_queue<Node> pq;
    int sh = cantor(s);
    best[sh] = 0;
    pq.push({manhattan(s), 0, s});
    int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const char* L = "udlr";
    string end;
    while (!pq.empty()) {
        Node n = pq.top(); pq.pop();
        int h = cantor(n.s);
        if (n.g > best[h]) continue;
        if (n.s == goal) { end = n.s; break; }
        int z = n.s.find('0');
        for (int d = 0; d < 4; d++) {
            int nr = z / 3 + dr[d], nc = z % 3 + dc[d];
            if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
            string t = n.s;
            swap(t[z], t[nr * 3 + nc]);
            int th = cantor(t);
            if (n.g + 1 < best[th]) {
                best[th] = n.g + 1; par[th] = h; how[th] = L[d];
                pq.push({n.g + 1 + manhattan(t), n.g + 1, t});
            }
        }
    }
    string path;
    for (int h = cantor(goal); h != sh; h = par[h]) path += how[h];
    reverse(path.begin(), path.end());
    cout << path << "\n";
}
