# SPDX-License-Identifier: GPL-2.0-or-later
# sshd_lib.sh - real OpenSSH servers for the many-hosts tests, on this
# machine only. Each "host" is its own network namespace (ip netns), tied
# to the test's side by a veth pair in a private 10.x.y.0/24 chosen for
# this run, with its own sshd on its own address and its own loopback for
# the fio server started there; the namespaces, veths and every process
# in them are removed by the cleanup, also on failure. Where namespaces
# cannot be made (no ip, no CAP_SYS_ADMIN, a kernel without them) that is
# said loudly as a skipped part and each host is instead its own sshd on
# 127.0.0.N (every address in 127.0.0.0/8 is the loopback's). Either way
# nothing leaves 127.0.0.0/8 and the test's own namespaces: a host's
# address must route through its own veth, or the test stops. Sourced
# after lib.sh and require_loop_root.

# require_sshd: sshd and ssh are there, else a loud skip. Makes the keys
# and the client's config (SSH_CMD), and picks SSHD_PORT.
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
	ConnectTimeout 20
EOC
	SSH_CMD="ssh -F $WORK/ssh_config"
	SSHD_PORT=$((20000 + $$ % 20000))
	HOSTS_NETNS=
}

# netns_usable: whether this machine lets the test make a namespace with
# a veth in it (asked once; the reason kept in NETNS_WHY when not).
netns_usable() {
	[ -n "$HOSTS_NETNS" ] && { [ "$HOSTS_NETNS" = yes ]; return; }
	HOSTS_NETNS=no
	if [ -n "${E2E_HOSTS_LOOPBACK:-}" ]; then
		NETNS_WHY="E2E_HOSTS_LOOPBACK is set"
		return 1
	fi
	if ! command -v ip >/dev/null 2>&1; then
		NETNS_WHY="ip is missing (apt-get install iproute2)"
		return 1
	fi
	# Namespaces of runs that were killed before their cleanup.
	for ns in $(ip netns list 2>/dev/null | sed -n 's/^\(bt[0-9]*n[0-9]*\).*/\1/p'); do
		p=${ns#bt}
		p=${p%n*}
		kill -0 "$p" 2>/dev/null || ip netns del "$ns" 2>/dev/null
	done
	probe=bt$$n0
	if ! err=$(ip netns add "$probe" 2>&1); then
		NETNS_WHY="ip netns add failed: $err"
		return 1
	fi
	if ! err=$(ip link add "bt$$v0" type veth peer name veth0 netns "$probe" 2>&1); then
		ip netns del "$probe"
		NETNS_WHY="no veth pair into a namespace: $err"
		return 1
	fi
	ip link del "bt$$v0" 2>/dev/null
	ip netns del "$probe"
	HOSTS_NETNS=yes
	# This run's 10.A.B.0/24, from its process id (no two runs at once
	# share one), moved on while some interface or route already uses it.
	a=$((($$ >> 8) % 256)) b=$(($$ % 256)) i=0
	while ip -o addr show | grep -q " 10\.$a\.$b\." || ip route show | grep -q "^10\.$a\.$b\."; do
		b=$(((b + 1) % 256)) i=$((i + 1))
		[ $i -lt 256 ] || die "no free 10.$a.x.0/24 for the hosts' namespaces"
	done
	NET_PREFIX=10.$a.$b
}

# The names of host N's namespace and the test side of its veth.
host_ns() { printf 'bt%sn%s\n' "$$" "$1"; }
host_veth() { printf 'bt%sv%s\n' "$$" "$1"; }

# host_ip N: the address host N's sshd listens on.
host_ip() {
	if [ "$HOSTS_NETNS" = yes ]; then
		printf '%s.%s\n' "$NET_PREFIX" $((4 * $1 + 2))
	else
		printf '127.0.0.%s\n' "$1"
	fi
}

# host_name N: host N as --hosts names it (ADDR:PORT).
host_name() { printf '%s:%s\n' "$(host_ip "$1")" "$SSHD_PORT"; }

# host_exec N COMMAND...: COMMAND in host N's network (its namespace).
host_exec() {
	n=$1
	shift
	if [ "$HOSTS_NETNS" = yes ]; then
		ip netns exec "$(host_ns "$n")" "$@"
	else
		"$@"
	fi
}

# host_down N: every process left in host N's namespace, then the
# namespace itself (its veth pair goes with it).
host_down() {
	ns=$(host_ns "$1")
	ip netns list | grep -q "^$ns\\b" || return 0
	pids=$(ip netns pids "$ns" 2>/dev/null)
	[ -n "$pids" ] && kill -KILL $pids 2>/dev/null
	ip netns del "$ns"
}

# netns_host N: host N's namespace, veth pair and addresses; the address
# must then route through that veth and nowhere else.
netns_host() {
	ns=$(host_ns "$1")
	veth=$(host_veth "$1")
	outer=$NET_PREFIX.$((4 * $1 + 1))
	inner=$(host_ip "$1")
	ip netns add "$ns" || die "ip netns add $ns failed"
	on_cleanup "host_down $1"
	ip link add "$veth" type veth peer name veth0 netns "$ns" &&
		ip addr add "$outer/30" dev "$veth" &&
		ip link set "$veth" up &&
		ip -n "$ns" addr add "$inner/30" dev veth0 &&
		ip -n "$ns" link set veth0 up &&
		ip -n "$ns" link set lo up ||
		die "host $1: the veth pair into $ns was not set up"
	ip route get "$inner" | grep -q " dev $veth " ||
		die "host $1: $inner does not route through $veth: $(ip route get "$inner")"
}

# sshd_up N: host N's sshd (in its namespace, if namespaces are used),
# started and registered for the cleanup; not yet known to answer.
sshd_up() {
	addr=$(host_ip "$1")
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
	host_exec "$1" /usr/sbin/sshd -f "$WORK/sshd_$1.conf" -E "$WORK/sshd_$1.log" ||
		die "sshd on $addr did not start: $(cat "$WORK/sshd_$1.log")"
	on_cleanup "kill \$(cat $WORK/sshd_$1.pid)"
}

# sshd_wait N...: each host takes a login, tried for all at once (a login
# costs seconds on a loaded machine); the first that never does ends
# the test.
sshd_wait() {
	for n in "$@"; do
		(
			i=0
			until ssh -F "$WORK/ssh_config" -p "$SSHD_PORT" "$(host_ip "$n")" true \
				2>"$WORK/login_$n.err"; do
				i=$((i + 1))
				[ $i -lt 60 ] || exit 1
				sleep 0.5
			done
		) &
		printf '%s\n' "$!" >"$WORK/login_$n.pid"
	done
	for n in "$@"; do
		wait "$(cat "$WORK/login_$n.pid")" ||
			die "host $n ($(host_name "$n")) takes no login: $(cat "$WORK/login_$n.err" "$WORK/sshd_$n.log")"
	done
}

# start_hosts N...: hosts N... (small numbers, 2 and up), each in its own
# namespace where namespaces work, else on 127.0.0.N; host_name N then
# names each for --hosts.
start_hosts() {
	if netns_usable; then
		for n in "$@"; do
			netns_host "$n"
		done
		note "hosts in network namespaces, $NET_PREFIX.0/24"
	else
		skip_part "network namespaces: $NETNS_WHY; the hosts are sshds on 127.0.0.N instead"
	fi
	for n in "$@"; do
		sshd_up "$n"
	done
	sshd_wait "$@"
}

# start_disk_hosts N...: start_hosts N..., each host given a 64 MiB
# scratch loop device of its own first: $devN is host N's device, $hN
# its name for --hosts.
start_disk_hosts() {
	for n in "$@"; do
		d=$(attach "$(sparse_file "disk$n.img" 64M)") || die "cannot attach a loop device"
		eval "dev$n=\$d"
	done
	start_hosts "$@"
	for n in "$@"; do
		eval "h$n=\$(host_name $n)"
	done
}

# start_sshd N: one host on 127.0.0.N whatever namespaces can do (for a
# test that wants the loopback form).
start_sshd() {
	HOSTS_NETNS=no
	sshd_up "$1"
	sshd_wait "$1"
}

# sshd_sessions N: the processes under host N's sshd (its sessions).
sshd_sessions() {
	pid=$(cat "$WORK/sshd_$1.pid" 2>/dev/null) || return 0
	pgrep -P "$pid"
}

# pid_in_host PID N: PID runs in host N's network (its namespace, when
# the hosts have them).
pid_in_host() {
	[ "$HOSTS_NETNS" = yes ] || return 0
	[ "$(ip netns identify "$1" 2>/dev/null)" = "$(host_ns "$2")" ]
}

# pid_not_elsewhere PID N: PID runs in host N's network, or has ended (or
# is a zombie, whose namespaces cannot be read). A far-side blktop forks
# probe children that never exec: each lives for milliseconds under its
# parent's command line, so pgrep may name one that is gone a moment
# later; that is no process running outside its host.
pid_not_elsewhere() {
	pid_in_host "$1" "$2" && return 0
	[ "$(sed -n 's/^[0-9]* (.*) \([A-Z]\).*/\1/p' "/proc/$1/stat" 2>/dev/null)" = Z ] && return 0
	kill -0 "$1" 2>/dev/null || return 0
	return 1
}
