#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_fake_server.py - stands in for `fio` on a test's far side: with
# --version it prints a release no fio has had; with --server=ADDR,PORT it
# listens there (loopback only) and answers every command with a probe
# reply in protocol version 150, which no fio speaks, so blktop must
# refuse it and name the version. Speaks just enough of the header (24
# bytes, CRC-16/ARC over the first 20 and over the payload) to be read.
import socket
import struct
import sys

VERSION = 150


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


def serve(addr, port):
    if not addr.startswith("127."):
        sys.exit("fio_fake_server.py: loopback only")
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((addr, port))
    s.listen(4)
    while True:
        c, _ = s.accept()
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
