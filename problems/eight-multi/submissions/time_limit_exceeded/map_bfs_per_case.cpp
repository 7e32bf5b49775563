// For every board a fresh BFS from that board over std::map<string, char> (the move
// that reached each state): hundreds of milliseconds per board, and a full sweep of
// all 181,440 states for every unsolvable one. Thousands of boards per file.
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
        map<string, char> how;
        queue<string> q;
        how[s] = 0;
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
                if (!how.count(v)) { how[v] = L[d]; q.push(v); }
            }
        }
        if (!found) { cout << "unsolvable\n"; continue; }
        // Walk back from the goal, undoing each recorded move.
        string path, v = goal;
        while (v != s) {
            char m = how[v];
            path += m;
            int z = v.find('0');
            int d = strchr(L, m) - L;
            int pz = (z / 3 - dr[d]) * 3 + z % 3 - dc[d];
            swap(v[z], v[pz]);
        }
        reverse(path.begin(), path.end());
        cout << path << "\n";
    }
}
