"""The load tools: vegeta (REST) and ghz (gRPC) command lines pinned to the load CPUs, their
targets and data files, running them and reading their reports."""
import base64
import json
import zipfile

from .procs import BenchError, taskset
from .workload import GRPC_SERVICE, normalise, open_loop_workers


class LoadTools:
    """The Harness's load tools; uses its args, dist, out, tmp, procs, vegeta, ghz, proto, seq and
    rest_h2c (the running gateway serves HTTP/2: vegeta speaks h2c)."""

    def load_cmd(self, cmd):
        return taskset(self.args.load_cpus) + cmd

    def extract_proto(self):
        jars = sorted((self.dist / "lib").glob("*zeebe-gateway-protocol-impl-*.jar"))
        if not jars:
            raise BenchError("no zeebe-gateway-protocol-impl jar in %s/lib" % self.dist)
        with zipfile.ZipFile(jars[-1]) as jar:
            text = jar.read("gateway.proto").decode()
        # ghz's parser does not know proto3 `optional`: drop the keyword (comments keep theirs)
        lines = []
        for line in text.splitlines():
            stripped = line.lstrip()
            if stripped.startswith("optional "):
                line = line[: len(line) - len(stripped)] + stripped[len("optional "):]
            lines.append(line)
        self.proto = self.out / "gateway.proto"
        self.proto.write_text("\n".join(lines) + "\n")

    def next_file(self, stem, suffix):
        self.seq += 1
        return self.tmp / ("%04d-%s%s" % (self.seq, stem, suffix))

    def vegeta_targets(self, gw, op, keys=None, count=None, ops=None):
        """A vegeta targets file (JSON lines): one line per job key, `count` copies of the op's
        request, or one line per op of `ops` (vegeta sends the lines round-robin)."""

        def line(o, key=None):
            method, path, body = o.rest
            target = {"method": method, "url": gw.rest + path.replace("{key}", str(key)),
                      "header": {"Content-Type": ["application/json"]} if body is not None
                      else {}}
            if body is not None:
                target["body"] = base64.b64encode(json.dumps(body).encode()).decode()
            return json.dumps(target) + "\n"

        f = self.next_file("targets-" + op.name, ".jsonl")
        with open(f, "w") as out:
            if keys is not None:
                out.writelines(line(op, key) for key in keys)
            elif ops is not None:
                out.writelines(line(o) for o in ops)
            else:
                out.write(line(op) * (count or 1))
        return f

    def ghz_data(self, op, keys=None):
        method, data = op.grpc
        f = self.next_file("data-" + op.name, ".json")
        # keys: an array, ghz sends its elements round-robin, one per unary call
        payload = data if keys is None else [
            {k: (str(key) if v == "{key}" else v) for k, v in data.items()} for key in keys]
        f.write_text(json.dumps(payload))
        return method, f

    def vegeta_cmd(self, targets, load, duration, lazy, output):
        # -insecure: the overload run's TLS gateway has a self-signed certificate (https
        # targets only; plain http ignores it)
        cmd = [self.vegeta, "attack", "-format=json", "-targets=%s" % targets,
               "-duration=%.3fs" % duration, "-timeout=10s", "-max-body=0", "-insecure",
               "-output=%s" % output]
        if lazy:
            cmd.append("-lazy")  # stops at the end of the targets file: each target once
        if self.rest_h2c:
            cmd.append("-h2c")
        if load.rate:
            # as many workers at most as ghz gets: both tools stay an open loop while the
            # gateway keeps up, and neither opens hundreds of connections when it does not
            cmd += ["-rate=%d/s" % load.rate,
                    "-max-workers=%d" % (load.workers or open_loop_workers(load.rate))]
        else:
            cmd += ["-rate=0", "-max-workers=%d" % load.connections,
                    "-workers=%d" % load.connections]
        return self.load_cmd(cmd)

    def ghz_cmd(self, gw, method, data_file, load, duration, output, count=None):
        cmd = [self.ghz, "--insecure", "--proto", str(self.proto),
               "--call", "%s/%s" % (GRPC_SERVICE, method), "-D", str(data_file),
               "--count-errors", "-t", "10s", "--connect-timeout", "10s",
               "-O", "json", "-o", str(output)]
        if load.rate:
            # open loop: enough workers that none waits for a slow answer before its next tick
            workers = load.workers or open_loop_workers(load.rate)
            cmd += ["--rps", str(load.rate)]
        else:
            workers = load.connections
        if count is not None:
            # each data element once: stop after `count` calls (open loop: count = rate x
            # duration ends the run on time). No -x: ghz then runs for -x and ignores -n. ghz
            # splits -n among the workers, so no more workers than calls.
            count = max(1, count)
            workers = min(workers, count)
            cmd += ["-c", str(workers), "-n", str(count)]
        else:
            cmd += ["-c", str(workers), "-z", "%.3fs" % duration, "--duration-stop", "wait"]
        if load.grpc_connections > 1:
            # ghz spreads the workers over the connections: at most one connection per worker
            cmd += ["--connections", str(min(load.grpc_connections, workers))]
        cmd.append(gw.grpc)
        return self.load_cmd(cmd)

    def run_vegeta(self, cmd, binfile, duration):
        """Runs the attack; returns a function that reads its results (vegeta report), to be
        called after the window's end was taken."""
        err = self.next_file("vegeta", ".err")
        with open(err, "w") as e:
            rc = self.procs.run("vegeta", cmd, timeout=duration + 60, stderr=e)
        if rc != 0:
            raise BenchError("vegeta failed (%d): %s" % (rc, err.read_text()[-2000:]))

        def collect():
            report = self.next_file("vegeta-report", ".json")
            with open(report, "w") as out, open(err, "a") as e:
                rc = self.procs.run("vegeta report", self.load_cmd(
                    [self.vegeta, "report", "-type=json", str(binfile)]), timeout=120,
                    stdout=out, stderr=e)
            if rc != 0:
                raise BenchError("vegeta report failed (%d): %s"
                                 % (rc, err.read_text()[-2000:]))
            binfile.unlink(missing_ok=True)
            return json.loads(report.read_text())

        return collect

    def run_ghz(self, cmd, output, duration):
        err = self.next_file("ghz", ".err")
        with open(err, "w") as e:
            rc = self.procs.run("ghz", cmd, timeout=duration + 60, stderr=e)
        # ghz exits 0 with errors in the report; a missing report is a real failure
        if not output.exists() or output.stat().st_size == 0:
            raise BenchError("ghz failed (%d): %s" % (rc, err.read_text()[-2000:]))
        return lambda: json.loads(output.read_text())

    def start_load(self, gw, cell, duration, keys=None):
        """Prepares one load run; returns (command, run): run() runs it to the end and returns
        collect(), which gives the tool's report."""
        if cell.protocol == "rest":
            targets = self.vegeta_targets(gw, cell.op, keys=keys)
            binfile = self.next_file("vegeta", ".bin")
            cmd = self.vegeta_cmd(targets, cell.load, duration, keys is not None, binfile)
            return cmd, lambda: self.run_vegeta(cmd, binfile, duration)
        method, data = self.ghz_data(cell.op, keys)
        output = self.next_file("ghz-" + cell.op.name, ".json")
        count = None
        if keys is not None:
            count = len(keys)
            if cell.load.rate:
                count = min(count, max(1, int(cell.load.rate * duration)))
        cmd = self.ghz_cmd(gw, method, data, cell.load, duration, output, count=count)
        return cmd, lambda: self.run_ghz(cmd, output, duration)

    def run_load(self, gw, cell, duration, keys=None):
        _, run = self.start_load(gw, cell, duration, keys)
        raw = run()()
        return normalise(cell.protocol, raw), raw
