#!/usr/bin/env python3
"""report.py: the report of bench/run.sh.

Reads the raw outputs (RAW/pass<P>/<config>[-np<N>|-crowd-np<N>|-ctx|-overlap].txt,
"metric value unit" lines, each maybe followed by "key value" pairs, read as
the metrics <metric>_<key> in the unit of the key's last word, e.g. coll_us;
RAW/failures.tsv, and RAW/hosts_skipped: why the emulated hosts stage did not
run), takes each metric's best pass (see best(); coll_overlap's metrics: the
median of the passes, see aggregate()), and writes OUT/results.csv
(config,metric,value,unit), OUT/table.md (the issue's targets, met or
missed, every metric per configuration, the same across 2 emulated hosts,
ctx_bench's rates and coll_overlap's overlap) and OUT/plot.png (latencies,
and bandwidth against message size).
"""
import argparse
import csv
import datetime
import os
import platform
import re
import statistics
import subprocess
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ON_NODE = ["ours-mpich", "ours-openmpi", "oshmem"]
# (ours, raw MPI at MPI_THREAD_SINGLE, raw MPI at MPI_THREAD_MULTIPLE) per MPI:
# forced inter-node mode on this machine, and 2 PEs on 2 emulated hosts.
INTERNODE = [("ours-mpich-internode", "mpi-mpich", "mpi-mpich-multiple"),
             ("ours-openmpi-internode", "mpi-openmpi", "mpi-openmpi-multiple")]
# The same without the progress thread (SHMEM_PROGRESS=off: MPI at MPI_THREAD_SINGLE).
INTERNODE_OFF = [("ours-mpich-internode-off", "mpi-mpich", "mpi-mpich-multiple"),
                 ("ours-openmpi-internode-off", "mpi-openmpi", "mpi-openmpi-multiple")]
# ... and with the thread at MPI_THREAD_MULTIPLE (SHMEM_PROGRESS=thread-multiple).
INTERNODE_MULTIPLE = [("ours-mpich-internode-multiple", "mpi-mpich", "mpi-mpich-multiple"),
                      ("ours-openmpi-internode-multiple", "mpi-openmpi", "mpi-openmpi-multiple")]
HOSTS = [("ours-mpich-hosts", "mpi-mpich-hosts", "mpi-mpich-hosts-multiple"),
         ("ours-openmpi-hosts", "mpi-openmpi-hosts", "mpi-openmpi-hosts-multiple")]
CONFIGS = ["ours-mpich", "ours-openmpi", "oshmem", "ours-mpich-internode",
           "ours-openmpi-internode", "mpi-mpich", "mpi-openmpi", "mpi-openmpi-sm",
           "mpi-mpich-multiple", "mpi-openmpi-multiple"] + \
    [t[0] for t in INTERNODE_OFF + INTERNODE_MULTIPLE] + \
    [c for t in HOSTS for c in t]
SWEEP = ["ours-openmpi", "oshmem", "mpi-openmpi"]
LATENCY = ["put8_quiet_us", "get8_us", "p_quiet_us", "g_us", "fetch_add_us", "cswap_us",
           "iput_quiet_us", "iget_us", "test_us", "pingpong_us", "barrier_us", "bcast8_us", "reduce_sum_us", "alltoall8_us"]
RATES = ["put8_nbi_rate", "add_rate"]
SIZES = [8, 16, 64, 256, 1024, 4096, 16 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20]
BIG = "4194304"
# The large transfers (64 KiB-4 MiB), on the heap and on global variables.
LARGE = [64 << 10, 256 << 10, 1 << 20, 4 << 20]
BANDWIDTH = ["bw_put", "bw_get", "gvar_bw_put", "gvar_bw_get"]
DESCRIPTION = {
    "put8_quiet_us": "8-byte put + quiet",
    "get8_us": "8-byte get",
    "p_quiet_us": "p + quiet",
    "g_us": "g",
    "fetch_add_us": "fetch-add",
    "cswap_us": "compare-swap",
    "add_rate": "atomic add rate",
    "put8_nbi_rate": "8-byte nbi put rate",
    "iput_quiet_us": "strided put + quiet, 64 longs, stride 2",
    "iget_us": "strided get, 64 longs, stride 2",
    "test_us": "shmem_long_test of a local word that holds",
    "pingpong_us": "put + wait_until ping-pong, half round trip",
    "barrier_us": "barrier_all",
    "bcast8_us": "broadcast, 8 bytes",
    "reduce_sum_us": "sum reduction, 1 long",
    "alltoall8_us": "alltoall, 8 bytes per PE",
    "gvar_put8_quiet_us": "8-byte put + quiet to a global variable",
    "gvar_get8_us": "8-byte get from a global variable",
    "gvar_fetch_add_us": "fetch-add on a global variable",
    "gvar_cswap_us": "compare-swap on a global variable",
    "gvar_add_rate": "atomic add rate on a global variable",
    "gvar_pingpong_us": "ping-pong on a global flag, half round trip",
    "floor_put8_quiet_us": "8-byte put + quiet through a minimal layer (raw MPI runs)",
    "floor_get8_us": "8-byte get through a minimal layer (raw MPI runs)",
    "floor_put8_nbi_rate": "8-byte nbi put rate through a minimal layer (raw MPI runs)",
    "crowd_amo_np8_ms": "8 PEs on 2 cores: 50000 mixed AMOs per PE on global counters",
    "crowd_lock_np8_ms": "8 PEs on 2 cores: 500 turns per PE through a lock on a global word",
}
GVAR = ["gvar_put8_quiet_us", "gvar_get8_us", "gvar_fetch_add_us"]
# bench/ctx_bench: our configurations only, a table of their own.
CTX_CONFIGS = ["ours-mpich", "ours-openmpi", "ours-mpich-internode", "ours-openmpi-internode"]
CTX = ["ctx_put8_quiet_default_rate", "ctx_put8_quiet_private_rate",
       "ctx_put8_quiet_2private_rate", "ctx_put8_quiet_2private_thread_rate",
       "ctx_put8_quiet_2default_rate", "ctx_put8_quiet_2default_thread_rate"]
DESCRIPTION.update({
    "ctx_put8_quiet_default_rate": "1 thread, default context",
    "ctx_put8_quiet_private_rate": "1 thread, private context",
    "ctx_put8_quiet_2private_rate": "2 threads, a private context each: both",
    "ctx_put8_quiet_2private_thread_rate": "2 threads, a private context each: per thread",
    "ctx_put8_quiet_2default_rate": "2 threads on the default context: both",
    "ctx_put8_quiet_2default_thread_rate": "2 threads on the default context: per thread",
})
# bench/coll_overlap (our configurations, as ctx_bench): one row per
# collective and size, overlap_<kind>_<bytes>, the overlap ratio, with its
# times and nbi_self_ratio as overlap_<kind>_<bytes>_<key>.
OVERLAP_CONFIGS = CTX_CONFIGS
OVERLAP_KINDS = ["bcast", "fcollect", "alltoall", "reduce_sum"]
OVERLAP_SIZES = [8, 1 << 20]
OVERLAP_ROWS = [f"overlap_{kind}_{size}" for kind in OVERLAP_KINDS for size in OVERLAP_SIZES]
OVERLAP_KEYS = ["coll_us", "compute_us", "seq_us", "nbi_us", "nbi_only_us", "nbi_self_ratio"]
OVERLAP = [m for row in OVERLAP_ROWS for m in [row] + [f"{row}_{k}" for k in OVERLAP_KEYS]]


def is_overlap(metric):
    return metric.startswith("overlap_")


def read_passes(raw):
    """{(config, metric): {pass: value}}, {metric: unit}."""
    values, units = defaultdict(dict), {}
    for pass_dir in sorted(os.listdir(raw)):
        path = os.path.join(raw, pass_dir)
        if not (os.path.isdir(path) and pass_dir.startswith("pass")):
            continue
        for name in sorted(os.listdir(path)):
            if not name.endswith(".txt"):
                continue
            config = re.sub(r"(-crowd)?-np\d+$|-ctx$|-overlap$", "", name[:-4])
            with open(os.path.join(path, name)) as f:
                for line in f:
                    fields = line.split()
                    if len(fields) < 3 or len(fields) % 2 == 0:
                        continue
                    # "metric value unit [key value]...": each key a metric
                    # of its own, its unit the key's last word (coll_us: us).
                    try:
                        found = [(fields[0], float(fields[1]), fields[2])]
                        found += [(f"{fields[0]}_{key}", float(value), key.rsplit("_", 1)[-1])
                                  for key, value in zip(fields[3::2], fields[4::2])]
                    except ValueError:
                        continue
                    for metric, value, unit in found:
                        values[(config, metric)][pass_dir] = value
                        units[metric] = unit
    return values, units


def overlap_ran(raw):
    """Whether any pass has a coll_overlap output (even an empty one)."""
    return any(name.endswith("-overlap.txt")
               for pass_dir in os.listdir(raw) if pass_dir.startswith("pass")
               and os.path.isdir(os.path.join(raw, pass_dir))
               for name in os.listdir(os.path.join(raw, pass_dir)))


def aggregate(passes, units):
    """{(config, metric): the value over the passes}: the best pass (best()),
    but for coll_overlap's metrics the median of the passes. Its ratio is a
    difference of times measured within one run, so the best of each time
    would pair a time of one pass with a time of another; the median of
    each, ratio included, keeps the passes' own balance (each is its own
    median, so the ratio is not recomputed from the median times)."""
    return {k: statistics.median(v.values()) if is_overlap(k[1])
            else best(list(v.values()), units[k[1]]) for k, v in passes.items()}


def best(values, unit):
    """The best pass: this VM shifts, for minutes at a time, between two
    speeds of communication between its cores (the same binary measured a
    0.04 and a 0.20 us ping-pong in consecutive runs), so a median of passes
    depends on which configurations fell into the slow periods. Every
    configuration gets the same rule."""
    return min(values) if unit in ("us", "ms") else max(values)


def read_hosts_skipped(raw):
    """Why the hosts stage did not run (run.sh's words), or None."""
    try:
        with open(os.path.join(raw, "hosts_skipped")) as f:
            return f.read().strip() or None
    except OSError:
        return None


def read_failures(raw):
    path = os.path.join(raw, "failures.tsv")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


def command_output(*argv):
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return out


def machine():
    uname = platform.uname()
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f
                        if line.startswith("model name")), "")
    except OSError:
        pass
    mpich = re.search(r"MPICH Version:\s*(\S+)", command_output("mpichversion"))
    ompi = re.search(r"Open MPI v?(\d[\w.]*)", command_output("ompi_info", "--version"))
    oshmem_spec = "?"
    for incdir in command_output("oshcc", "--showme:incdirs").split():
        try:
            with open(os.path.join(incdir, "shmem.h")) as f:
                text = f.read()
        except OSError:
            continue
        version = re.findall(r"#define SHMEM_M(?:AJ|IN)OR_VERSION\s+(\d+)", text)
        if len(version) == 2:
            oshmem_spec = ".".join(version)
    return {
        "uname": f"{uname.system} {uname.release} {uname.machine}",
        "cpu": cpu,
        "nproc": os.cpu_count(),
        "mpich": mpich.group(1) if mpich else "?",
        "ompi": ompi.group(1) if ompi else "?",
        "oshmem_spec": oshmem_spec,
    }


def fmt(value):
    if value is None:
        return "—"
    if value >= 1000:
        return f"{value:.0f}"
    digits = 3
    v = value
    while v >= 10 and digits > 0:
        v /= 10
        digits -= 1
    return f"{value:.{digits}f}"


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def fmt_ratio(r):
    return "—" if r is None else f"{r:.2f}x"


def target(res, name, metric, ours, ref_config, ref_metric, goal, at_most):
    """One row of targets(): ours and ref_config are patterns of {mpi}."""
    cells = []
    for mpi in ["mpich", "openmpi"]:
        config, ref = ours.format(mpi=mpi), ref_config.format(mpi=mpi)
        value, ref_value = res.get((config, metric)), res.get((ref, ref_metric))
        r = ratio(value, ref_value)
        met = None if r is None else (r <= goal if at_most else r >= goal)
        ref_name = ref if ref_metric == metric else f"{ref} {ref_metric}"
        cells.append((config, value, ref_name, ref_value, r, met))
    return (name, metric, f"≤ {goal:g}x" if at_most else f"≥ {goal:g}x", cells)


# The between-nodes metrics against raw MPI: (metric, goal, whether at most).
BETWEEN_NODES = [("put8_quiet_us", 1.1, True), ("get8_us", 1.1, True), ("fetch_add_us", 1.1, True),
           ("cswap_us", 1.1, True), ("iput_quiet_us", 1.1, True), ("iget_us", 1.1, True),
           ("put8_nbi_rate", 0.9, False), (f"bw_put_{BIG}", 0.9, False),
           ("barrier_us", 1.1, True), ("bcast8_us", 1.1, True), ("reduce_sum_us", 1.1, True)]
COLLECTIVES = {"barrier_us", "bcast8_us", "reduce_sum_us"}


def between_nodes_targets(res, where, ours, single, multiple):
    """Between nodes: the library through MPI RMA (ours) against raw MPI of the same
    MPI at MPI_Init (single: the level a plain MPI program runs at), and as a second
    row at MPI_THREAD_MULTIPLE (multiple: the level a progress thread needs);
    `where` names the setting: forced inter-node mode, or PEs on emulated hosts."""
    rows = []
    for (m, goal, at_most) in BETWEEN_NODES:
        versus = "the MPI collective" if m in COLLECTIVES else "raw MPI"
        for level, ref in (("MPI_Init", single), ("MULTIPLE", multiple)):
            rows.append(target(res, f"{where} vs {versus} ({level})", m, ours, ref, m, goal,
                               at_most))
    rows.append(target(res, f"{where}, ping-pong vs own put latency", "pingpong_us", ours,
                       ours, "put8_quiet_us", 3.0, True))
    return rows


def targets(res):
    """Rows: (target, metric, goal, [(config, value, reference, ref value, ratio, met)
    for MPICH, Open MPI]); met is None without data. Those across emulated
    hosts are in their own section (hosts_section())."""
    rows = []

    def add(*args):
        rows.append(target(res, *args))

    for m in ["put8_quiet_us", "get8_us", "p_quiet_us", "g_us", "fetch_add_us", "cswap_us"]:
        add("on a node, latency vs OSHMEM", m, "ours-{mpi}", "oshmem", m, 0.7, True)
    for m in RATES:
        add("on a node, rate vs OSHMEM", m, "ours-{mpi}", "oshmem", m, 1.3, False)
    add("on a node, ping-pong vs OSHMEM", "pingpong_us", "ours-{mpi}", "oshmem", "pingpong_us",
        0.9, True)
    for m in ["barrier_us", "bcast8_us", "reduce_sum_us", "alltoall8_us"]:
        add("on a node, collective no slower than OSHMEM", m, "ours-{mpi}", "oshmem", m, 1.0, True)
    for m in [f"{kind}_{size}" for kind in BANDWIDTH for size in LARGE]:
        add("on a node, large transfer vs memcpy (same run)", m, "ours-{mpi}", "ours-{mpi}",
            "bw_memcpy_" + m.rsplit("_", 1)[1], 0.95, False)
    for m in [f"{kind}_{size}" for kind in BANDWIDTH for size in LARGE]:
        add("on a node, large transfer vs OSHMEM", m, "ours-{mpi}", "oshmem", m, 1.0, False)
    rows += between_nodes_targets(res, "inter-node mode", "ours-{mpi}-internode", "mpi-{mpi}",
                                  "mpi-{mpi}-multiple")
    for m in GVAR:
        add("on a node, global variable vs OSHMEM", m, "ours-{mpi}", "oshmem", m, 0.7, True)
    for m in GVAR:
        add("on a node, global variable vs our heap", m, "ours-{mpi}", "ours-{mpi}",
            m.removeprefix("gvar_"), 2.0, True)
    for m in GVAR:
        add("inter-node mode, global variable vs our heap", m, "ours-{mpi}-internode",
            "ours-{mpi}-internode", m.removeprefix("gvar_"), 1.1, True)
    for m in ["crowd_amo_np8_ms", "crowd_lock_np8_ms"]:
        add("crowded node, no slower than OSHMEM", m, "ours-{mpi}", "oshmem", m, 1.0, True)
    return rows


def metric_order(res):
    names = {m for (_, m) in res
             if not re.search(r"_np\d+$", m) and m not in CTX and not is_overlap(m)}
    ordered = LATENCY + RATES
    for kind in BANDWIDTH + ["bw_memcpy"]:
        ordered += [f"{kind}_{s}" for s in SIZES]
    return [m for m in ordered if m in names] + sorted(names - set(ordered))


def label(metric):
    bw = re.match(r"(gvar_)?bw_(put|get|memcpy)_(\d+)$", metric)
    if bw:
        size = int(bw.group(3))
        text = f"{size >> 20} MiB" if size >= 1 << 20 else f"{size >> 10} KiB" if size >= 1024 \
            else f"{size} B"
        where = ", global variables" if bw.group(1) else ""
        return f"`{metric}` ({bw.group(2)} {text}{where})"
    return f"`{metric}` ({DESCRIPTION[metric]})" if metric in DESCRIPTION else f"`{metric}`"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


TARGET_HEADER = ["target", "metric", "goal", "MPICH: ours", "reference", "ratio", "",
                 "Open MPI: ours", "reference", "ratio", ""]


def target_table(rows):
    """The markdown table of target rows (targets(), between_nodes_targets())."""
    lines = []
    for (name, metric, goal, cells) in rows:
        line = [name, f"`{metric}`", goal]
        for (config, value, ref_name, ref_value, r, met) in cells:
            verdict = "no data" if met is None else "**met**" if met else "missed"
            line += [fmt(value), f"{fmt(ref_value)} ({ref_name})", fmt_ratio(r), verdict]
        lines.append(line)
    return table(TARGET_HEADER, lines)


def versus_raw_table(res, units, triples, extra=()):
    """Every metric of ours against raw MPI at MPI_THREAD_SINGLE and at
    MPI_THREAD_MULTIPLE, per (ours, single, multiple) of triples, then the
    extra configurations' values; metrics without any value are left out."""
    rows = []
    for m in metric_order(res):
        values = []
        row = [label(m), units.get(m, "")]
        for ours, ref, ref_multiple in triples:
            a, b, c = res.get((ours, m)), res.get((ref, m)), res.get((ref_multiple, m))
            values += [a, b, c]
            row += [fmt(a), fmt(b), fmt_ratio(ratio(a, b)), fmt(c), fmt_ratio(ratio(a, c))]
        for config in extra:
            values.append(res.get((config, m)))
            row.append(fmt(values[-1]))
        if any(v is not None for v in values):
            rows.append(row)
    header = ["metric", "unit"]
    for ours, ref, ref_multiple in triples:
        header += [ours, ref, "ratio", ref_multiple, "ratio"]
    return table(header + list(extra), rows)


def paired_table(passes, ours, raw_mpi):
    """The between-nodes metrics as paired ratios: per pass, ours / raw MPI of that
    pass (the two runs are seconds apart, so they mostly meet the VM at one
    speed, which the best pass of each does not ensure), and their median."""
    rows = []
    for (m, goal, at_most) in BETWEEN_NODES:
        line = [f"`{m}`", f"≤ {goal:g}x" if at_most else f"≥ {goal:g}x"]
        for mpi in ["mpich", "openmpi"]:
            med, ratios = paired_median(passes, (ours.format(mpi=mpi), m),
                                        (raw_mpi.format(mpi=mpi), m))
            if med is None:
                line += ["—", "—", "no data"]
                continue
            met = med <= goal if at_most else med >= goal
            line += [fmt_ratio(med), " ".join(fmt_ratio(r) for r in ratios),
                     "**met**" if met else "missed"]
        rows.append(line)
    return table(["metric", "goal", "MPICH: median", "per pass", "", "Open MPI: median",
                  "per pass", ""], rows)


FLOOR = ["put8_quiet_us", "get8_us", "put8_nbi_rate"]


def paired_median(passes, a_key, b_key):
    """The median over passes of a / b, with the per-pass ratios; None if
    no pass has both."""
    a, b = passes.get(a_key, {}), passes.get(b_key, {})
    ratios = [a[p] / b[p] for p in sorted(a) if p in b and b[p] > 0]
    return (statistics.median(ratios), ratios) if ratios else (None, [])


def floor_table(passes, ours, raw_mpi):
    """The small RMA metrics against the floor: mpi_bench's floor_ metrics
    (the least an OpenSHMEM layer over MPI does per call) at the library's
    thread level. Paired medians as in paired_table: floor / raw MPI (what
    any such layer pays), ours / floor (what this library's own work costs)."""
    rows = []
    for m in FLOOR:
        line = [f"`{m}`"]
        for mpi in ["mpich", "openmpi"]:
            raw, floor = (raw_mpi.format(mpi=mpi), m), (raw_mpi.format(mpi=mpi), f"floor_{m}")
            for a_key, b_key in [(floor, raw), ((ours.format(mpi=mpi), m), floor)]:
                med, _ = paired_median(passes, a_key, b_key)
                line.append(fmt_ratio(med) if med is not None else "—")
        rows.append(line)
    return table(["metric", "MPICH: floor / raw", "ours / floor", "Open MPI: floor / raw",
                  "ours / floor"], rows)


def hosts_section(res, passes, units, skipped):
    """The between-nodes targets across emulated hosts: its targets and every metric."""
    out = ["## Across emulated hosts vs raw MPI RMA", ""]
    if not any(config in {c for t in HOSTS for c in t} for (config, _) in res):
        why = f": {skipped}" if skipped else " (no results, reason unknown)"
        return out + [f"The emulated hosts stage of `bench/run.sh` did not run{why}.", ""]
    out += ["2 PEs, one on each of 2 emulated hosts (network, UTS and IPC namespaces on a "
            "private bridge, made by the cluster tool `cluster.sh` as `scripts/test-cluster.sh` "
            "does): every operation goes through MPI RMA over TCP (UCX), as between the nodes "
            "of a cluster with an Ethernet network. Both hosts share this machine's cores. "
            "`ours-*-hosts`: this library (Open MPI with no osc option: the library's own "
            "choice); `mpi-*-hosts`: raw MPI-3 RMA (Open MPI: osc/ucx) at "
            "`MPI_THREAD_SINGLE`; `mpi-*-hosts-multiple`: at `MPI_THREAD_MULTIPLE`. Open MPI "
            "runs with `mpi_yield_when_idle 1` (cluster.sh's default), MPICH with "
            "cluster.sh's shim against its finalize hang.", ""]
    rows = between_nodes_targets(res, "across hosts", "ours-{mpi}-hosts", "mpi-{mpi}-hosts",
                                 "mpi-{mpi}-hosts-multiple")
    rows += [target(res, "across hosts, global variable vs our heap", m, "ours-{mpi}-hosts",
                    "ours-{mpi}-hosts", m.removeprefix("gvar_"), 1.1, True) for m in GVAR]
    out += [target_table(rows), ""]
    out += ["Paired ratios (as in forced inter-node mode above):", ""]
    out += [paired_table(passes, "ours-{mpi}-hosts", "mpi-{mpi}-hosts"), ""]
    out += ["Against the floor (as in forced inter-node mode above):", ""]
    out += [floor_table(passes, "ours-{mpi}-hosts", "mpi-{mpi}-hosts"), ""]
    out += [versus_raw_table(res, units, HOSTS), ""]
    out += ["### 4 PEs on 4 emulated hosts, one each", "",
            "The collectives (`-c`) at 4 PEs, every PE on a host of its own (MPICH, which "
            "busy-polls, has one PE per host; the 4 hosts share 2 cores).", ""]
    rows = []
    for m in [f"{c}_np4" for c in ["barrier_us", "bcast8_us", "reduce_sum_us", "alltoall8_us"]]:
        row = [label(m.removesuffix("_np4")), "us"]
        for ours, ref, ref_multiple in HOSTS:
            a, b, c = res.get((ours, m)), res.get((ref, m)), res.get((ref_multiple, m))
            row += [fmt(a), fmt(b), fmt_ratio(ratio(a, b)), fmt(c), fmt_ratio(ratio(a, c))]
        rows.append(row)
    header = ["metric", "unit"]
    for ours, ref, ref_multiple in HOSTS:
        header += [ours, ref, "ratio", ref_multiple, "ratio"]
    out += [table(header, rows), ""]
    return out


def overlap_section(res, passes, ran, args):
    """bench/coll_overlap: per collective and size, per configuration, the
    medians over the passes (aggregate()) of the times and of the ratio."""
    out = ["## Nonblocking collectives: overlap", ""]
    if not any(is_overlap(m) for (_, m) in res):
        return out + ["No results: the stage ran, but no run printed a row (see the failed "
                      "runs below)." if ran else "Not run (`BENCH_STAGES` without `overlap`, or "
                      "raw outputs from before the stage).", ""]
    counts = [len(v) for (_, m), v in passes.items() if is_overlap(m)]
    lo, hi = min(counts), max(counts)
    count = f"{hi} pass{'es' if hi > 1 else ''}" if lo == hi else f"{lo}-{hi} passes"
    out += ["`bench/coll_overlap` at 2 PEs on `SHMEM_TEAM_WORLD`, the times per operation on "
            "PE 0. Each round times, one after the other: the blocking collective alone "
            "(`coll`: `shmem_broadcastmem`, `shmem_fcollectmem`, `shmem_alltoallmem`, "
            "`shmem_long_sum_reduce`); a compute loop (a chain of xorshift steps, no memory "
            "traffic and no library call) calibrated to last as long as `coll` on PE 0; the "
            "blocking collective then the loop (`seq`); the nbi collective of `shmemx.h` "
            "(`shmemx_..._nbi`), the loop, then `shmem_quiet` (`nbi`); and the nbi collective "
            "then `shmem_quiet` without the loop (`nbi_only`). The ratio is "
            "(seq - nbi) / min(coll, compute): the time the nbi form saves over the collective "
            "followed by the computation, as a fraction of the most it could save (the shorter "
            "of the two hidden entirely behind the other). 1: the collective hidden entirely "
            "behind the computation; 0: none of it (nbi took as long as blocking then "
            "computing); negative: the nbi path costs more than it hides (compare `nbi_only` "
            "with `coll`: on a node the blocking collective may take another path); above 1: "
            "the nbi path is also faster than the blocking one. While the "
            "loop runs the program makes no library call, so whatever advances the collective "
            "then is the library's progress thread or the MPI itself. Sizes: 8 B and 1 MiB, "
            "in all for broadcast and the reduction (longs), per PE for fcollect and alltoall. "
            f"Each value is the median over {count} (not the best: the ratio is a "
            "difference of times within one run) of the median of "
            f"{args.rounds} rounds of about {args.ms:g} ms; every column is its own median, so "
            "the ratio need not follow from the times shown. results.csv also has "
            "`_nbi_self_ratio`, (nbi_only + compute - nbi) / min(nbi_only, compute): the "
            "overlap of the nbi path against itself.", ""]
    rows = []
    for kind in OVERLAP_KINDS:
        for size in OVERLAP_SIZES:
            row = f"overlap_{kind}_{size}"
            text = f"{size >> 20} MiB" if size >= 1 << 20 else f"{size} B"
            for config in OVERLAP_CONFIGS:
                r = res.get((config, row))
                rows.append([f"{kind} {text}", config] +
                            [fmt(res.get((config, f"{row}_{key}")))
                             for key in ["coll_us", "compute_us", "nbi_only_us", "seq_us",
                                         "nbi_us"]] +
                            ["—" if r is None else f"{r:.2f}"])
    out += [table(["collective", "config", "blocking (us)", "compute (us)", "nbi + quiet (us)",
                   "blocking + compute (us)", "nbi + compute + quiet (us)", "ratio"], rows), ""]
    return out


def write_table(path, res, passes, units, failures, hosts_skipped, overlap, info, args):
    now = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    out = [
        "# Benchmarks against the peers",
        "",
        f"{now} on {info['uname']}, {info['nproc']} cores ({info['cpu']}); MPICH {info['mpich']}, "
        f"Open MPI {info['ompi']} (its OSHMEM implements OpenSHMEM {info['oshmem_spec']}). "
        f"2 PEs on this one machine unless noted. Each value is the best of {args.passes} "
        f"passes (configurations interleaved; lowest time, highest rate) of the median of "
        f"{args.rounds} rounds of about {args.ms:g} ms: the VM shifts for minutes at a time "
        "between two speeds of communication between its cores (a 0.04 or a 0.20 us "
        "ping-pong, same binary, consecutive runs), which a median of passes mixes. Made by `bench/run.sh` (bench/shmem_bench.c, bench/mpi_bench.c); "
        "the machine is shared, so small differences are noise. The overlap of the nonblocking "
        "collectives is the exception, a median of passes (see its section).",
        "",
        "Configurations: `ours-mpich`, `ours-openmpi`: this library (PEs of one node); "
        "`ours-*-internode`: the same with `SHMEM_FORCE_INTERNODE=1` (every PE its own node, "
        "everything through MPI RMA; a progress thread taking turns with the library's MPI "
        "calls at `MPI_THREAD_SERIALIZED`), `ours-*-internode-off` without the thread "
        "(`SHMEM_PROGRESS=off`, MPI at `MPI_THREAD_SINGLE`), `ours-*-internode-multiple` with "
        "it at `MPI_THREAD_MULTIPLE` (`SHMEM_PROGRESS=thread-multiple`); `oshmem`: Open MPI's OSHMEM (`oshrun`, UCX); `mpi-mpich`, "
        "`mpi-openmpi`, `mpi-openmpi-sm`: the same metrics in raw MPI-3 RMA (Open MPI with "
        "osc/ucx, and with osc/sm), at `MPI_THREAD_SINGLE` as a plain MPI program; "
        "`mpi-*-multiple`: the same at `MPI_THREAD_MULTIPLE`, the level a progress thread "
        "besides a program's own MPI calls needs. Ratios are ours / reference: lower is better for times (us), "
        "higher for rates (M/s) and bandwidths (GB/s).",
        "",
        "## Targets",
        "",
    ]
    out += ["Ours is `ours-mpich` / `ours-openmpi` on a node, `ours-*-internode` in the "
            "inter-node rows; the memcpy reference is `bw_memcpy_<bytes>` at the same size, "
            "measured by PE 0 of the same run between two private buffers; the crowded node runs on Open MPI only (MPICH busy-polls). The "
            "inter-node targets across emulated hosts are in their own section below. In "
            "forced inter-node mode on one machine, Open MPI's osc/ucx reaches a window made "
            "over existing memory (the global variables: `MPI_Win_create`) through the target "
            "process's memory (CMA, a system call per operation) but one it allocated (the "
            "heap) through shared memory; between hosts both go through the network, and the "
            "global-variable rows there compare them.", ""]
    out += [target_table(targets(res)), ""]

    out += ["## On a node: this library vs OSHMEM", ""]
    rows = []
    for m in metric_order(res):
        if m.startswith("bw_memcpy"):
            continue
        vals = [res.get((c, m)) for c in ON_NODE]
        rows.append([label(m), units.get(m, "")] + [fmt(v) for v in vals] +
                    [fmt_ratio(ratio(vals[0], vals[2])), fmt_ratio(ratio(vals[1], vals[2]))])
    out += [table(["metric", "unit"] + ON_NODE + ["ours-mpich / oshmem", "ours-openmpi / oshmem"],
                  rows), ""]

    out += ["## Inter-node mode (`SHMEM_FORCE_INTERNODE=1`) vs raw MPI RMA", ""]
    out += ["The between-nodes targets as paired ratios: in each pass, ours / raw MPI at "
            "`MPI_Init` of the same pass (the runs are seconds apart, so they "
            "mostly meet the VM at one speed, which the best pass of each, above, does not "
            "ensure), and the median over the passes.", ""]
    out += [paired_table(passes, "ours-{mpi}-internode", "mpi-{mpi}"), ""]
    out += ["The floor: `bench/mpi_bench`'s `floor_` metrics do the same operations through "
            "the least an OpenSHMEM layer over MPI must do per call (functions that check the "
            "PE and the symmetric range, translate the address, issue the MPI call and note "
            "the target; quiet flushes it), in the raw MPI run at `MPI_Init`. "
            "Floor / raw is what any such layer pays; ours / floor what this library's own "
            "work costs (contexts, the node-local path, operand copies, progress "
            "bookkeeping, messages naming the routine). Paired medians.", ""]
    out += [floor_table(passes, "ours-{mpi}-internode", "mpi-{mpi}"), ""]
    out += [versus_raw_table(res, units, INTERNODE, ["mpi-openmpi-sm"]), ""]
    out += ["### What progress costs", "",
            "The default in this mode is a progress thread whose MPI calls take turns with the "
            "library's at `MPI_THREAD_SERIALIZED` (the rows above). The same with "
            "`SHMEM_PROGRESS=off`: no progress thread, MPI at `MPI_THREAD_SINGLE` "
            "(operations to a PE that computes then wait until it calls the library); "
            "against the rows above, this is what the thread costs "
            "(docs/decisions/progress.md).", ""]
    out += [versus_raw_table(res, units, INTERNODE_OFF), ""]
    out += ["With the thread at `MPI_THREAD_MULTIPLE` (`SHMEM_PROGRESS=thread-multiple`, the "
            "way of the earlier versions) instead of taking turns at `MPI_THREAD_SERIALIZED`:", ""]
    out += [versus_raw_table(res, units, INTERNODE_MULTIPLE), ""]
    out += hosts_section(res, passes, units, hosts_skipped)

    sweep = sorted({(re.sub(r"_np\d+$", "", m), int(re.search(r"_np(\d+)$", m).group(1)))
                    for (_, m) in res if re.search(r"_np\d+$", m)},
                   key=lambda x: (LATENCY.index(x[0]) if x[0] in LATENCY else 99, x[1]))
    if sweep:
        out += ["## Collectives at N PEs (Open MPI, `--oversubscribe` on 2 cores)", ""]
        rows = []
        for base, n in sweep:
            m = f"{base}_np{n}"
            vals = [res.get((c, m)) for c in SWEEP]
            rows.append([label(base), str(n), units.get(m, "")] + [fmt(v) for v in vals] +
                        [fmt_ratio(ratio(vals[0], vals[1]))])
        out += [table(["metric", "N", "unit"] + SWEEP + ["ours / oshmem"], rows), ""]

    if any(k[1] in CTX for k in res):
        out += ["## Contexts: 8-byte put + quiet rate by threads and contexts", "",
                "`bench/ctx_bench`: PE 0 puts to PE 1, each put followed by a quiet on the "
                "context it used. With contexts that complete independently, 2 threads on "
                "private contexts approach twice the rate of 1; on the default context every "
                "quiet also waits for the other thread's put. 2 threads on PE 0 and PE 1 "
                "waiting in a barrier share the 2 cores.", ""]
        rows = [[label(m), units.get(m, "")] + [fmt(res.get((c, m))) for c in CTX_CONFIGS]
                for m in CTX]
        rows.append(["2 private contexts / 1 private context (both threads)", ""] +
                    [fmt_ratio(ratio(res.get((c, "ctx_put8_quiet_2private_rate")),
                                     res.get((c, "ctx_put8_quiet_private_rate"))))
                     for c in CTX_CONFIGS])
        out += [table(["metric", "unit"] + CTX_CONFIGS, rows), ""]

    out += overlap_section(res, passes, overlap, args)

    if failures:
        out += ["## Failed runs", "",
                "Metrics printed before the failure are kept.", ""]
        out += [table(["pass", "run", "why"], failures), ""]
    out += ["![latency and bandwidth](plot.png)", ""]
    with open(path, "w") as f:
        f.write("\n".join(out))


def write_csv(path, res, units):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["config", "metric", "value", "unit"])
        order = {m: i for i, m in enumerate(metric_order(res) + CTX + OVERLAP)}
        for (config, metric) in sorted(res, key=lambda k: (
                CONFIGS.index(k[0]) if k[0] in CONFIGS else 99, order.get(k[1], 999), k[1])):
            w.writerow([config, metric, f"{res[(config, metric)]:.6g}", units.get(metric, "")])


STYLE = {"ours-mpich": ("C0", "-"), "ours-openmpi": ("C1", "-"), "oshmem": ("C2", "-"),
         "ours-mpich-internode": ("C0", "--"), "ours-openmpi-internode": ("C1", "--"),
         "mpi-mpich": ("C0", ":"), "mpi-openmpi": ("C1", ":"), "mpi-openmpi-sm": ("C4", ":"),
         "ours-mpich-hosts": ("C5", "-."), "ours-openmpi-hosts": ("C6", "-."),
         "mpi-mpich-hosts": ("C5", "-"), "mpi-openmpi-hosts": ("C6", "-"),
         "mpi-mpich-hosts-multiple": ("C5", ":"), "mpi-openmpi-hosts-multiple": ("C6", ":")}
HATCH = {"-": "", "--": "//", ":": "..", "-.": "xx"}


def size_text(size):
    return f"{size >> 20}M" if size >= 1 << 20 else f"{size >> 10}K" if size >= 1024 else str(size)


def write_plot(path, res, info):
    configs = [c for c in CONFIGS if any(k[0] == c for k in res)]
    fig = plt.figure(figsize=(14, 10))
    grid = fig.add_gridspec(2, 2, height_ratios=[1.1, 1])
    ax = fig.add_subplot(grid[0, :])
    metrics = [m for m in LATENCY if any((c, m) in res for c in configs)]
    width = 0.8 / max(1, len(configs))
    for i, c in enumerate(configs):
        xs = [j + (i - (len(configs) - 1) / 2) * width for j in range(len(metrics))]
        ys = [res.get((c, m), float("nan")) for m in metrics]
        color, line = STYLE.get(c, ("C7", "-"))
        ax.bar(xs, ys, width, label=c, color=color, hatch=HATCH[line], edgecolor="white",
               linewidth=0)
    ax.set_xticks(range(len(metrics)))
    ax.set_xticklabels([m.removesuffix("_us") for m in metrics], rotation=20)
    ax.set_yscale("log")
    ax.set_ylabel("microseconds (log)")
    ax.set_title("Latency, 2 PEs (lower is better)")
    ax.legend(ncol=4, fontsize=8)
    ax.grid(axis="y", which="both", alpha=0.3)
    for k, op in enumerate(["put", "get"]):
        ax = fig.add_subplot(grid[1, k])
        for c in configs:
            pts = [(s, res[(c, f"bw_{op}_{s}")]) for s in SIZES if (c, f"bw_{op}_{s}") in res]
            if pts:
                color, line = STYLE.get(c, ("C7", "-"))
                ax.plot(*zip(*pts), line, color=color, marker="o", markersize=3, label=c)
        memcpy = [(s, res[("mpi-mpich", f"bw_memcpy_{s}")]) for s in SIZES
                  if ("mpi-mpich", f"bw_memcpy_{s}") in res]
        if memcpy:
            ax.plot(*zip(*memcpy), "k-", linewidth=2.5, alpha=0.4, label="memcpy")
        ax.set_xscale("log", base=2)
        ax.set_xticks(SIZES)
        ax.set_xticklabels([size_text(s) for s in SIZES])
        ax.minorticks_off()
        ax.set_yscale("log")
        ax.set_xlabel("bytes per blocking " + ("putmem + quiet" if op == "put" else "getmem"))
        ax.set_ylabel("GB/s (log)")
        ax.set_title(f"{op} bandwidth, 2 PEs (higher is better)")
        ax.grid(which="both", alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle(f"{datetime.date.today()}  {info['uname']}, {info['nproc']} cores; "
                 f"MPICH {info['mpich']}, Open MPI {info['ompi']}")
    fig.tight_layout()
    fig.savefig(path, dpi=90)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--raw", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--passes", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--ms", type=float, default=20)
    args = parser.parse_args()
    passes, units = read_passes(args.raw)
    res = aggregate(passes, units)
    if not res:
        raise SystemExit(f"report.py: no results under {args.raw}")
    info = machine()
    os.makedirs(args.out, exist_ok=True)
    write_csv(os.path.join(args.out, "results.csv"), res, units)
    write_table(os.path.join(args.out, "table.md"), res, passes, units, read_failures(args.raw),
                read_hosts_skipped(args.raw), overlap_ran(args.raw), info, args)
    write_plot(os.path.join(args.out, "plot.png"), res, info)


if __name__ == "__main__":
    main()
