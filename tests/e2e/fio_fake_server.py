#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_fake_server.py - stands in for `fio` on a test's far side: with
# --version it prints a release no fio has had; with --server=ADDR,PORT it
# listens there (loopback only) and answers every command with a probe
# reply in protocol version 150, which no fio speaks, so blktop must
# refuse it and name the version. Speaks just enough of the header (24
# bytes, CRC-16/ARC over the first 20 and over the payload) to be read.
# With FAKE_MODE=sendfile it speaks fio 3.33's version (97), answers the
# probe, then asks for a file (SENDFILE) once the job came, logs every
# command it is sent (opcode and payload size, one a line, to FAKE_LOG)
# and refuses the job (TEXT, QUIT), so a test sees what blktop answered.
import socket
import struct
import sys

import os

MODE = os.environ.get("FAKE_MODE", "")
VERSION = 97 if MODE == "sendfile" else 150
LOG = os.environ.get("FAKE_LOG", "")


def crc16(data):
    crc = 0
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


def command(opcode, tag, payload):
    head = struct.pack("<HHIQI", VERSION, opcode, 0, tag, len(payload))
    return head + struct.pack("<HH", crc16(head), crc16(payload)) + payload


def read_cmd(c):
    """One command: (opcode, tag, payload), or None at the end."""
    head = b""
    while len(head) < 24:
        got = c.recv(24 - len(head))
        if not got:
            return None
        head += got
    _, opcode, _, tag, plen = struct.unpack_from("<HHIQI", head)
    body = b""
    while len(body) < plen:
        got = c.recv(plen - len(body))
        if not got:
            return None
        body += got
    return opcode, tag, body


def probe_reply():
    # hostname[64], big-endian flag, fio_version[32], os, arch,
    # bits per pointer, cpus u32, flags u64: 112 bytes.
    return (b"fake".ljust(64, b"\0") + b"\0" + b"fio-9.99".ljust(32, b"\0") +
            bytes([1, 1, 8]) + struct.pack("<IQ", 1, 0))


def sendfile_session(c):
    log = open(LOG, "a") if LOG else None
    asked = False
    while True:
        cmd = read_cmd(c)
        if cmd is None:
            break
        opcode, tag, body = cmd
        if log:
            log.write("%d %d\n" % (opcode, len(body)))
            log.flush()
        if opcode == 10:
            c.sendall(command(10, tag, probe_reply()))
        elif opcode in (3, 4) and not asked:
            asked = True
            c.sendall(command(21, 7, b"/etc/blktop-fake-secret\0"))
        elif opcode == 21:
            text = b"fake: job refused\n"
            c.sendall(command(5, 0, struct.pack("<IIQQ", 0, len(text), 0, 0) + text))
            c.sendall(command(1, 0, b""))
    if log:
        log.close()


def serve(addr, port):
    if not addr.startswith("127."):
        sys.exit("fio_fake_server.py: loopback only")
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((addr, port))
    s.listen(4)
    while True:
        c, _ = s.accept()
        if MODE == "sendfile":
            sendfile_session(c)
            c.close()
            continue
        head = b""
        while len(head) < 24:
            got = c.recv(24 - len(head))
            if not got:
                break
            head += got
        if len(head) == 24:
            tag = struct.unpack_from("<Q", head, 8)[0]
            # hostname[64], big-endian flag, fio_version[32], os, arch,
            # bits per pointer, cpus u32, flags u64: 112 bytes.
            reply = (b"fake".ljust(64, b"\0") + b"\0" + b"fio-9.99".ljust(32, b"\0") +
                     bytes([1, 1, 8]) + struct.pack("<IQ", 1, 0))
            c.sendall(command(10, tag, reply))
        c.close()


def main():
    for a in sys.argv[1:]:
        if a == "--version":
            print("fio-9.99")
            return
        if a.startswith("--server="):
            addr, port = a[len("--server="):].split(",")
            serve(addr, int(port))
            return
    sys.exit("usage: fio_fake_server.py --version | --server=127.0.0.1,PORT")


main()
