# SPDX-License-Identifier: GPL-2.0-or-later
# sshd_lib.sh - real OpenSSH servers for the many-hosts tests, on this
# machine only: each "host" is its own sshd on its own loopback address
# (127.0.0.2, .3, ...: every address in 127.0.0.0/8 is the loopback
# interface's), with its own host key and config, the test's own client
# key authorized, and nothing else. Started by the test, stopped by its
# cleanup. Sourced after lib.sh and require_loop_root.

# require_sshd: sshd and ssh are there, else a loud skip.
require_sshd() {
	[ -x /usr/sbin/sshd ] || skip "sshd is missing: many hosts are NOT tested (apt-get install openssh-server)"
	command -v ssh >/dev/null 2>&1 || skip "ssh is missing (apt-get install openssh-client)"
	command -v ssh-keygen >/dev/null 2>&1 || skip "ssh-keygen is missing"
	mkdir -p /run/sshd # privilege separation directory
	ssh-keygen -q -t ed25519 -N '' -f "$WORK/client_key" || die "ssh-keygen failed"
	ssh-keygen -q -t ed25519 -N '' -f "$WORK/host_key" || die "ssh-keygen failed"
	cp "$WORK/client_key.pub" "$WORK/authorized_keys"
	chmod 600 "$WORK/authorized_keys"
	cat >"$WORK/ssh_config" <<EOC
Host *
	IdentityFile $WORK/client_key
	IdentitiesOnly yes
	UserKnownHostsFile /dev/null
	StrictHostKeyChecking no
	LogLevel ERROR
	ConnectTimeout 10
EOC
	SSH_CMD="ssh -F $WORK/ssh_config"
	SSHD_PORT=$((20000 + $$ % 20000))
}

# start_sshd N: an sshd on 127.0.0.N, port SSHD_PORT; waits until it takes
# connections. The host's name for --hosts is then 127.0.0.N:SSHD_PORT.
start_sshd() {
	addr=127.0.0.$1
	cat >"$WORK/sshd_$1.conf" <<EOC
ListenAddress $addr:$SSHD_PORT
HostKey $WORK/host_key
AuthorizedKeysFile $WORK/authorized_keys
PidFile $WORK/sshd_$1.pid
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
LogLevel ERROR
EOC
	/usr/sbin/sshd -f "$WORK/sshd_$1.conf" -E "$WORK/sshd_$1.log" ||
		die "sshd on $addr did not start: $(cat "$WORK/sshd_$1.log")"
	on_cleanup "kill \$(cat $WORK/sshd_$1.pid)"
	i=0
	until ssh -F "$WORK/ssh_config" -p "$SSHD_PORT" "$addr" true 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 100 ] || die "sshd on $addr:$SSHD_PORT takes no connections: $(cat "$WORK/sshd_$1.log")"
		sleep 0.2
	done
}

# sshd_sessions N: the processes under host N's sshd (its sessions).
sshd_sessions() {
	pid=$(cat "$WORK/sshd_$1.pid" 2>/dev/null) || return 0
	pgrep -P "$pid"
}
