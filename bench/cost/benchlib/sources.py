"""Source addresses for load tools that cannot bind one (ghz): the tool runs as a user of its own
and an nftables rule rewrites that user's connections to the gateway's port to come from the
address (SNAT on loopback), so the gateway sees a caller of its own, as vegeta's `-laddr` gives
REST. Needs root; the table is removed when the run ends."""

import shutil
import subprocess

TABLE = "gatefork_bench_sources"
FIRST_UID = 20000  # numeric users, no account needed (setpriv)


class SourceAddresses:
    def __init__(self, log):
        self.log = log
        self.uids = {}  # (address, port) -> uid
        self.ready = False

    def _nft(self, *args):
        subprocess.run(["nft", *args], check=True, capture_output=True, text=True, timeout=30)

    def wrap(self, cmd, prefix, address, port):
        """`cmd` (`prefix`, e.g. taskset's, then the tool) run so that its connections to
        127.0.0.1:port come from `address`."""
        key = (address, port)
        if key not in self.uids:
            if not self.ready:
                self.remove()  # a table left by a run that was killed
                self._nft("add", "table", "ip", TABLE)
                self._nft("add", "chain", "ip", TABLE, "post",
                          "{ type nat hook postrouting priority 100; }")
                self.ready = True
            uid = FIRST_UID + len(self.uids)
            self._nft("add", "rule", "ip", TABLE, "post", "meta", "skuid", str(uid), "ip",
                      "daddr", "127.0.0.1", "tcp", "dport", str(port), "snat", "to", address)
            self.uids[key] = uid
            self.log("source address %s for user %d's connections to port %d" % (
                address, uid, port))
        uid = self.uids[key]
        assert cmd[:len(prefix)] == prefix, cmd
        return prefix + ["setpriv", "--reuid=%d" % uid, "--regid=%d" % uid,
                         "--clear-groups"] + cmd[len(prefix):]

    def remove(self):
        if shutil.which("nft"):  # none: no rule was ever made
            subprocess.run(["nft", "delete", "table", "ip", TABLE], capture_output=True,
                           timeout=30)
        self.ready, self.uids = False, {}
