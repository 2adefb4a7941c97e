"""Runs a command with a listening TCP socket as its stdin, as systemd does with Accept=no and
StandardInput=socket. Prints the port on stdout first. Usage: listen_on_stdin.py HOST CMD ARGS..."""
import os
import socket
import sys

sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
sock.bind((sys.argv[1], 0))
sock.listen(128)
print(sock.getsockname()[1], flush=True)
os.dup2(sock.fileno(), 0)  # the copy on fd 0 is inheritable; sock itself is closed on exec
os.execvp(sys.argv[2], sys.argv[2:])
