#!/usr/bin/env python3
"""A hostile ringmap peer for docs/peers.md ("Time, whatever a peer does"): answers every request on PORT with
16.8 MB of valid JSON (1.2 million keys in iot.readings) under signed-looking headers. Usage: peer_flood.py PORT"""
import socket, threading, sys
port = int(sys.argv[1])
keys = 1_200_000
parts = ['{"instance":"p-flood","clearLabels":true,"tables":[{"keyspace":"iot","table":"readings","hits":1200000,"maximumError":0,"counts":{']
parts.append(",".join('"k-%07d":1' % i for i in range(keys)))
parts.append('}}],"replicaHits":{}}')
body = "".join(parts).encode()
print("body bytes", len(body), flush=True)
head = ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\nRingmap-Peer-Instance: p-flood\r\nRingmap-Peer-Signature: AAAA\r\nConnection: close\r\n\r\n" % len(body)).encode()
served = [0]
def answer(c):
    try:
        data = b""
        while b"\r\n\r\n" not in data:
            d = c.recv(4096)
            if not d: return
            data += d
        c.sendall(head); c.sendall(body)
    except Exception:
        pass
    finally:
        served[0] += 1
        c.close()
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", port)); s.listen(200)
while True:
    c, _ = s.accept()
    threading.Thread(target=answer, args=(c,), daemon=True).start()
