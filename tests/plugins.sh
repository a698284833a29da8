#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# plugins.sh - --check as the real monitoring tooling reads it (#36):
# 1. the performance data parsed by the monitoring plugins' own Perl library
#    (Debian's libmonitoring-plugin-perl, Monitoring::Plugin::Performance):
#    every label and value read back, and its thresholds (range format "N:")
#    give the state fragstat exits with;
# 2. a real Nagios (Debian's nagios4) runs fragstat as a service check from
#    a throwaway configuration under a temporary directory, one-second
#    interval, no network: the state, status line, long output and
#    performance data it records in status.dat are what fragstat printed
#    and exited with; check_load of monitoring-plugins-basic runs beside it
#    as the reference of how a plugin's output is recorded.
# Each part skips with a one-line reason when its package is not installed.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
LC_ALL=C
export LC_ALL

fail=0
ran=0
d=$FIXTURES/avail/two-nodes
two="--buddyinfo=$d/buddyinfo --pagetypeinfo=$d/pagetypeinfo --zoneinfo=$d/zoneinfo --kernel=6.18"
b=$FIXTURES/corpus/blog-plantegg-hygon-8node-gt100000
eight="--buddyinfo=$b/buddyinfo --pagetypeinfo=$b/pagetypeinfo -q"

# As the monitoring user reads it: no pagetypeinfo (tests/cli/README.md).
nopti="--sysroot=$FIXTURES/check/no-pagetypeinfo -q"

# The checks: a name (a Nagios service), then the arguments. The counts
# decide every state but the last four (bounds, bad input, bad arguments).
cases="ok	$two --check --need=1x2M --node=1
warning	$two --check --need=3x2M --node=1
critical	$two --check --need=7x2M
thresholds-warning	$two --check --warn=3x2M --crit=1x2M
thresholds-critical	$two --check --warn=3 --crit=2 --node=1
thresholds-need	$two --check --need=1x4K --warn=2x2M --crit=1x2M
ok-no-pagetypeinfo	$nopti --check --need=1000x2M
judged-fine	--sysroot=$FIXTURES/states/healthy -q --check
judged-fragmented	--sysroot=$FIXTURES/states/proactive-off -q --check
judged-severe	--sysroot=$FIXTURES/judge/reclaim-fragmented -q --check
unknown-bound	$eight --check --need=100x2M --node=0
unknown-no-pagetypeinfo	$nopti --check --need=4150x2M
unknown-input	--buddyinfo=$FIXTURES/bad/buddyinfo-21-digits --check --need=1
unknown-usage	--check --need=1 --json"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-plugins.XXXXXX") || exit 99
pid=
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 99' HUP INT TERM

# Run each case once: $tmp/NAME.out and $tmp/NAME.rc.
printf '%s\n' "$cases" | while IFS='	' read -r name args; do
	# shellcheck disable=SC2086
	"$FRAGSTAT" $args >"$tmp/$name.out" 2>/dev/null
	echo $? >"$tmp/$name.rc"
done

# 1. The performance data through Monitoring::Plugin::Performance.
if ! perl -MMonitoring::Plugin::Performance -e 1 2>/dev/null; then
	echo "SKIP: Monitoring::Plugin not installed (libmonitoring-plugin-perl)"
else
	ran=1
	for name in ok warning critical thresholds-warning \
	    thresholds-critical thresholds-need ok-no-pagetypeinfo \
	    judged-fine judged-fragmented judged-severe; do
		read -r rc <"$tmp/$name.rc"
		# Parsed labels and values, then the worst of their thresholds.
		got=$(sed -n '1s/^[^|]*| //p' "$tmp/$name.out" | perl \
		    -MMonitoring::Plugin::Performance -ne '
			chomp; my $n = () = /=/g;
			my @p = Monitoring::Plugin::Performance->parse_perfstring($_);
			my $worst = 0;
			for my $p (@p) {
				my $s = $p->threshold->get_status($p->value);
				$worst = $s if $s > $worst;
				print STDERR "bad label ", $p->label, "\n"
				    unless $p->label =~ /^(node\d+|machine)_\d+[KMG]_(free_now|after_compaction|judged)$/;
			}
			print scalar(@p) == $n ? "$worst\n" : "parsed " .
			    scalar(@p) . " of $n\n";')
		if [ "$got" != "$rc" ]; then
			echo "FAIL: perfdata $name: Monitoring::Plugin says '$got', fragstat exited $rc"
			fail=1
		fi
	done
fi

# 1b. Live: this host, as a monitoring system runs it. As root, with
# pagetypeinfo and zoneinfo, the count of pageblocks is exact, so the state
# is known: OK, WARNING or CRITICAL as memory is now (another process may
# fragment it), never UNKNOWN; not order 0, whose lists pagetypeinfo
# prints as ">100000" when they are long (a bound). Otherwise at least a
# status line whose state is the exit status.
"$FRAGSTAT" --check --need=1 >"$tmp/live.out" 2>"$tmp/live.err"
rc=$?
word=$(sed -n '1s/^FRAGSTAT \([A-Z]*\) - machine: .*/\1/p' "$tmp/live.out")
case $rc:$word in
0:OK | 1:WARNING | 2:CRITICAL | 3:UNKNOWN) ;;
*) echo "FAIL: live --check: status $rc with status line '$word'"; fail=1 ;;
esac
if [ "$(id -u)" != 0 ] || [ ! -r /proc/pagetypeinfo ] || [ ! -r /proc/zoneinfo ]; then
	echo "SKIP: live --check is exact only as root; checked the status line only"
elif [ "$rc" = 3 ]; then
	echo "FAIL: live --check --need=1 as root is UNKNOWN:"
	cat "$tmp/live.out" "$tmp/live.err"
	fail=1
fi

# 1c. Live, as the monitoring user: nobody, who may not read
# /proc/pagetypeinfo (root only). Root's exact count N of pageblocks free
# now, then nobody's --need of N / 2: the bound below (N less the most the
# highatomic reserve, CMA and Isolate can hold, about 1% of memory) still
# settles it, OK, on a host with a few hundred free; an UNKNOWN must say why.
nobody() {
	if command -v setpriv >/dev/null 2>&1; then
		setpriv --reuid=nobody --regid="$(id -gn nobody)" --clear-groups "$@"
	else
		runuser -u nobody -- "$@"
	fi
}
if [ "$(id -u)" != 0 ] || [ ! -r /proc/pagetypeinfo ]; then
	echo "SKIP: live --check as nobody: not root"
elif ! id nobody >/dev/null 2>&1 || ! nobody true 2>/dev/null; then
	echo "SKIP: live --check as nobody: no user nobody, setpriv or runuser"
elif nobody test -r /proc/pagetypeinfo; then
	echo "SKIP: live --check as nobody: nobody may read /proc/pagetypeinfo"
else
	"$FRAGSTAT" --check --need=1x2M >"$tmp/root.out" 2>/dev/null
	n=$(sed -n "1s/.*'machine_2M_free_now'=\([0-9]*\);.*/\1/p" \
	    "$tmp/root.out")
	if [ "${n:-0}" -lt 400 ]; then
		echo "SKIP: live --check as nobody: only ${n:-no} 2 MiB blocks free now"
	else
		ran=1
		nobody "$FRAGSTAT" --check --need=$((n / 2))x2M \
		    >"$tmp/nobody.out" 2>"$tmp/nobody.err"
		rc=$?
		case $rc:$(sed -n 1p "$tmp/nobody.out") in
		"0:FRAGSTAT OK - machine: need "*": ok, at least "*) ;;
		*)
			echo "FAIL: live --check --need=$((n / 2))x2M as nobody: status $rc, not OK (root: $n free now):"
			cat "$tmp/nobody.out" "$tmp/nobody.err"
			fail=1
			;;
		esac
		# A need above every bound but below after compaction: never
		# UNKNOWN without a reason.
		nobody "$FRAGSTAT" --check --need="$n"x2M >"$tmp/nobody.out" 2>/dev/null
		rc=$?
		if [ "$rc" = 3 ] && ! grep -q 'without pagetypeinfo, root.s alone since Linux 5.4' "$tmp/nobody.out"; then
			echo "FAIL: live --check as nobody is UNKNOWN without saying why:"
			cat "$tmp/nobody.out"
			fail=1
		fi
	fi
fi

# 1d. A crash is not lost (#44): while --check runs, standard error is
# still the caller's, not a file kept for the status line, so what the C
# library or a sanitizer writes there as fragstat dies reaches it. fragstat
# waits on a FIFO; a report written to its fd 2, then SIGSEGV.
ulimit -c 0 2>/dev/null
mkfifo "$tmp/fifo"
"$FRAGSTAT" --buddyinfo="$tmp/fifo" --check --need=1 >"$tmp/crash.out" \
    2>"$tmp/crash.err" &
cpid=$!
# Opening the FIFO waits for fragstat to open it: it is running by then.
exec 3>"$tmp/fifo"
echo "a crash report" >"/proc/$cpid/fd/2"
kill -SEGV "$cpid"
wait "$cpid" 2>/dev/null
rc=$?
exec 3>&-
# It dies of the signal (139) with the report as written; under
# AddressSanitizer, which takes SIGSEGV, it exits 1 after a report of its
# own, written through fragstat's own fd 2 at offset 0, over ours: that
# report reached the caller. Never the UNKNOWN status line (3) instead.
if ! { [ "$rc" = 139 ] && [ "$(cat "$tmp/crash.err")" = "a crash report" ]; } &&
    ! { [ "$rc" = 1 ] && grep -q AddressSanitizer "$tmp/crash.err"; }; then
	echo "FAIL: a crash of --check (status $rc) lost its report: '$(cat "$tmp/crash.err")'"
	fail=1
fi

# 2. A real Nagios runs the checks.
nagios=$(command -v nagios4 || command -v nagios || true)
plugins=/usr/lib/nagios/plugins
if [ -z "$nagios" ]; then
	echo "SKIP: no nagios4 (Debian's nagios4-core) to run the checks"
	[ "$ran" = 1 ] || exit 77
	exit "$fail"
fi
n=$tmp/nagios
mkdir "$n" "$n/checkresults"
# Nagios runs its checks as nagios_user; ours is whoever runs the test.
# Every path it writes is under $n: the package's defaults
# (/var/lib/nagios4/rw/nagios.qh for the query socket) are the nagios
# user's, and Nagios aborts when it cannot create them.
cat >"$n/nagios.cfg" <<EOF
log_file=$n/nagios.log
cfg_file=$n/objects.cfg
object_cache_file=$n/objects.cache
precached_object_file=$n/objects.precache
status_file=$n/status.dat
status_update_interval=1
nagios_user=$(id -un)
nagios_group=$(id -gn)
check_external_commands=0
lock_file=$n/nagios.lock
query_socket=$n/nagios.qh
temp_file=$n/nagios.tmp
temp_path=$n
check_result_path=$n/checkresults
retain_state_information=0
interval_length=1
max_service_check_spread=1
check_result_reaper_frequency=1
enable_notifications=0
execute_host_checks=0
EOF
{
	cat <<EOF
define timeperiod {
	timeperiod_name always
	alias always
	sunday 00:00-24:00
	monday 00:00-24:00
	tuesday 00:00-24:00
	wednesday 00:00-24:00
	thursday 00:00-24:00
	friday 00:00-24:00
	saturday 00:00-24:00
}
define command {
	command_name run
	command_line \$ARG1\$
}
define contact {
	contact_name nobody
	host_notifications_enabled 0
	service_notifications_enabled 0
	host_notification_period always
	service_notification_period always
	host_notification_options n
	service_notification_options n
	host_notification_commands run!/bin/true
	service_notification_commands run!/bin/true
}
define host {
	host_name h
	address 127.0.0.1
	check_command run!/bin/true
	max_check_attempts 1
	check_period always
	contacts nobody
	notification_period always
	active_checks_enabled 0
}
EOF
	printf '%s\n' "$cases" | while IFS='	' read -r name args; do
		printf 'define service {\n\thost_name h\n\tservice_description %s\n' \
		    "$name"
		printf '\tcheck_command run!%s %s\n' "$FRAGSTAT" "$args"
		printf '\tmax_check_attempts 1\n\tcheck_interval 1\n'
		printf '\tretry_interval 1\n\tcheck_period always\n'
		printf '\tcontacts nobody\n\tnotification_period always\n}\n'
	done
	if [ -x "$plugins/check_load" ]; then
		printf 'define service {\n\thost_name h\n\tservice_description reference-check_load\n'
		printf '\tcheck_command run!%s/check_load -w 1000,1000,1000 -c 2000,2000,2000\n' "$plugins"
		printf '\tmax_check_attempts 1\n\tcheck_interval 1\n'
		printf '\tretry_interval 1\n\tcheck_period always\n'
		printf '\tcontacts nobody\n\tnotification_period always\n}\n'
	fi
} >"$n/objects.cfg"
if ! "$nagios" -v "$n/nagios.cfg" >"$n/verify" 2>&1; then
	echo "FAIL: nagios refuses the configuration:"
	cat "$n/verify"
	exit 1
fi
want=$(printf '%s\n' "$cases" | wc -l)
[ -x "$plugins/check_load" ] && want=$((want + 1))
"$nagios" "$n/nagios.cfg" >"$n/run.out" 2>&1 &
pid=$!
# Every service checked once: at most 30 s (a check every second).
i=0
got=0
while [ "$i" -lt 60 ]; do
	sleep 0.5
	i=$((i + 1))
	# Nagios that ended (it aborts on a bad path) checks nothing more.
	kill -0 "$pid" 2>/dev/null || break
	[ -f "$n/status.dat" ] || continue
	got=$(grep -c 'has_been_checked=1' "$n/status.dat" 2>/dev/null)
	# The host is never checked: services only.
	[ "${got:-0}" -ge "$want" ] && break
done
cp "$n/status.dat" "$n/status.seen" 2>/dev/null
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
pid=
if [ "${got:-0}" -lt "$want" ]; then
	echo "FAIL: nagios checked ${got:-0} of $want services (in 30 s, or until it ended):"
	for f in "$n/nagios.log" "$n/run.out"; do
		[ -f "$f" ] && tail -n 20 "$f"
	done
	exit 1
fi

# Print FIELD of service NAME from status.dat (newlines in it stay "\n").
field() {
	awk -v s="$1" -v f="$2" '
		/^servicestatus \{/ { in_s = 1; svc = ""; next }
		in_s && /^\t}/ { in_s = 0; next }
		in_s && index($0, "\tservice_description=") == 1 {
			svc = substr($0, length("\tservice_description=") + 1)
		}
		in_s && svc == s && index($0, "\t" f "=") == 1 {
			print substr($0, length(f) + 3)
		}' "$n/status.seen"
}

# Compare field $2 of service $1 with $3, what fragstat printed.
same() {
	got=$(field "$1" "$2")
	if [ "$got" != "$3" ]; then
		printf 'FAIL: nagios %s %s:\n  fragstat: %s\n  nagios:   %s\n' \
		    "$1" "$2" "$3" "$got"
		echo 1 >"$tmp/failed"
	fi
}

printf '%s\n' "$cases" | while IFS='	' read -r name args; do
	read -r rc <"$tmp/$name.rc"
	out=$tmp/$name.out
	# As the guidelines split it: text | perfdata, then the long output
	# (status.dat writes its newlines as "\n").
	same "$name" current_state "$rc"
	same "$name" plugin_output "$(sed -n '1{s/ *|.*//;p;}' "$out")"
	same "$name" performance_data "$(sed -n '1s/^[^|]*| *//p' "$out")"
	same "$name" long_plugin_output "$(sed -n '2,$p' "$out" |
	    awk '{ printf "%s%s", (NR > 1 ? "\\n" : ""), $0 }')"
done
[ -f "$tmp/failed" ] && fail=1
if [ -x "$plugins/check_load" ]; then
	# The reference plugin's output is recorded the same way: state 0 and
	# its perfdata (load1=...) in their own field.
	case $(field reference-check_load current_state):$(field \
	    reference-check_load performance_data) in
	0:load1=*) ;;
	*) echo "FAIL: nagios did not record check_load as expected"; fail=1 ;;
	esac
fi
[ "$fail" = 0 ] && echo "plugins.sh: Nagios recorded every state, status line and perfdata as fragstat printed them"
exit "$fail"
