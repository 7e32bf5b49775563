// For every board a fresh BFS from that board, remembering each state's path in a
// std::map<string, string>: hundreds of milliseconds per board, thousands of boards.
#include <bits/stdc++.h>
using namespace std;
int main() {
    const string goal = "123456780";
    int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const char* L = "udlr";
    string t;
    while (true) {
        string s;
        for (int i = 0; i < 9; i++) {
            if (!(cin >> t)) return 0;
            s += t == "x" ? '0' : t[0];
        }
        map<string, string> path;
        queue<string> q;
        path[s] = "";
        q.push(s);
        bool found = false;
        while (!q.empty()) {
            string u = q.front(); q.pop();
            if (u == goal) { found = true; break; }
            int z = u.find('0');
            for (int d = 0; d < 4; d++) {
                int nr = z / 3 + dr[d], nc = z % 3 + dc[d];
                if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
                string v = u;
                swap(v[z], v[nr * 3 + nc]);
                if (!path.count(v)) { path[v] = path[u] + L[d]; q.push(v); }
            }
        }
        cout << (found ? path[goal] : string("unsolvable")) << "\n";
    }
}
