"""The 1000-node x 256-vnode benchmark topology scripts/bench shares (see scripts/bench-lib.sh).

Run as a script it writes the topology to the file named; imported, write_big_topology(path) writes it. It seeds the
random module with 42 and leaves it where the topology's tokens end, so what a script draws after it (bench batch's
keys and hits) is the same from run to run.
"""
import random
import sys


def write_big_topology(path):
    random.seed(42)
    lines = ["cluster: bench-1000x256", "partitioner: Murmur3Partitioner", "nodes:"]
    used = set()
    for n in range(1000):
        toks = []
        while len(toks) < 256:
            t = random.randint(-2**63 + 1, 2**63 - 1)
            if t not in used:
                used.add(t)
                toks.append(t)
        lines.append(f"  - {{address: 10.{n // 250}.{n % 250}.1, datacenter: dc{n % 2 + 1}, rack: rack{n // 2 % 3}, "
                     f"tokens: [{', '.join(str(t) for t in toks)}]}}")
    lines += ["keyspaces:", "  iot:", "    replication: {class: NetworkTopologyStrategy, dc1: '3', dc2: '3'}",
              "    tables:", "      readings:",
              "        partitionKey: [{name: sensor_id, type: text}, {name: day, type: date}]"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    write_big_topology(sys.argv[1])
