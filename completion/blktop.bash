# bash completion for blktop(1)                            -*- shell-script -*-
#
# Options come from `blktop --help`, whose job options are printed from the
# program's own options table, so this file cannot fall behind it. Modes,
# procedures and formats are completed after the option that takes them,
# and targets (after --run MODE, --profile NAME, --sweep WHAT, --suite,
# --filename=) are the machine's block devices and files.

# Every option of the blktop given in $1, one a line: "--bs=" for one
# that takes a value, "--batch" for one that does not, both for
# --scratch[=SIZE] and --suite[=...]; "B --direct=" marks a 0|1 option.
_blktop_help_options()
{
    LC_ALL=C "$1" --help 2>/dev/null | awk '
        {
            line = $0
            while (match(line, /(^|[^A-Za-z0-9_-])--?[A-Za-z][A-Za-z0-9_-]*(\[=|=)?/)) {
                opt = substr(line, RSTART, RLENGTH)
                rest = substr(line, RSTART + RLENGTH)
                sub(/^[^-]*/, "", opt)
                if (opt ~ /\[=$/) {
                    sub(/\[=$/, "", opt)
                    print opt
                    print opt "="
                } else {
                    print opt
                    if (opt ~ /=$/ && rest ~ /^0\|1/)
                        print "B " opt
                }
                line = rest
            }
        }' | sort -u
}

# Block devices as blktop takes them: vdc, nvme0n1, vdb1 ... (not the
# empty ones, such as loop devices with nothing attached).
_blktop_devices()
{
    local d size
    for d in /sys/class/block/*; do
        [[ -e $d ]] || continue
        size=0
        read -r size 2>/dev/null <"$d/size"
        [[ $size != 0 ]] && printf '%s\n' "${d##*/}"
    done
}

_blktop_targets()
{
    local IFS=$'\n'
    COMPREPLY=($(compgen -W "$(_blktop_devices)" -- "$cur"))
    _filedir
}

_blktop()
{
    local cur prev words cword split
    _init_completion -s || return

    local modes="read write randread randwrite rw randrw readwrite"
    local opts
    opts=$(_blktop_help_options "$1")

    case $prev in
        --run | --rw | --readwrite)
            COMPREPLY=($(compgen -W "$modes" -- "$cur"))
            return
            ;;
        --profile)
            COMPREPLY=($(compgen -W "latency iops throughput" -- "$cur"))
            return
            ;;
        --suite)
            # Only as --suite=NAME: a word after --suite is the target.
            if [[ $split == true ]]; then
                COMPREPLY=($(compgen -W "seven cdm" -- "$cur"))
                return
            fi
            ;;
        --sweep)
            COMPREPLY=($(compgen -W "bs numjobs" -- "$cur"))
            return
            ;;
        --output-format)
            COMPREPLY=($(compgen -W "normal json csv" -- "$cur"))
            return
            ;;
        --ioengine)
            COMPREPLY=($(compgen -W "libaio psync null" -- "$cur"))
            return
            ;;
        --cpus_allowed_policy)
            COMPREPLY=($(compgen -W "shared split" -- "$cur"))
            return
            ;;
        --bs | --blocksize)
            COMPREPLY=($(compgen -W "512 4k 8k 16k 32k 64k 128k 256k 512k 1m 4m 16m" -- "$cur"))
            return
            ;;
        --iodepth)
            COMPREPLY=($(compgen -W "1 2 4 8 16 32 64 128 256" -- "$cur"))
            return
            ;;
        --numjobs)
            COMPREPLY=($(compgen -W "1 2 4 8 16 32 64" -- "$cur"))
            return
            ;;
        --job | --output)
            _filedir
            return
            ;;
        --directory)
            _filedir -d
            return
            ;;
        --filename)
            _blktop_targets
            return
            ;;
        --scratch | -d | --delay | --lat-limit | --size | --io_size | --offset | \
            --runtime | --ramp_time | --rwmixread | --rwmixwrite | --randseed | \
            --rate_iops | --name | --cpus_allowed | --status-interval | --status_interval)
            # A number or a name of the user's choosing.
            [[ $split == true || $prev == -d || $prev == --delay ]] && return
            ;;
    esac

    if [[ $split == true ]]; then
        # --direct=<TAB> and the other 0|1 options.
        if grep -qxF -- "B $prev=" <<<"$opts"; then
            COMPREPLY=($(compgen -W "0 1" -- "$cur"))
        fi
        return
    fi

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(grep -v '^B ' <<<"$opts")" -- "$cur"))
        [[ ${COMPREPLY-} == *= ]] && compopt -o nospace
        return
    fi

    _blktop_targets
} &&
    complete -F _blktop blktop

# ex: filetype=sh
