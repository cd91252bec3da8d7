# SPDX-License-Identifier: GPL-2.0-or-later
# bash completion for blktop(1)                            -*- shell-script -*-
#
# Options come from `blktop --help`, which prints blktop's own switches
# from the switch table (src/switches.c) and the job options from the
# options table (src/options.c), each with the values it takes where there
# are a few ("--output-format=normal|json|csv"), so this file cannot fall
# behind them. Targets (after --run MODE, --profile NAME, --sweep WHAT,
# --suite, --filename=) are the machine's block devices and files.

# Every option of the blktop given in $1, one a line: "--bs=" for one
# that takes a value, "--batch" for one that does not, both for
# --scratch[=SIZE] and --suite[=...]; "C --sweep= bs numjobs" lists the
# values of one that has a few; "O --direct=" marks one whose value is
# only ever given after '=' (a 0|1 option, --suite[=...]): the word
# after it is a target.
_blktop_help_options()
{
    LC_ALL=C "$1" --help 2>/dev/null | awk '
        {
            line = $0
            while (match(line, /(^|[^A-Za-z0-9_-])--?[A-Za-z][A-Za-z0-9_-]*(\[=|=)?/)) {
                opt = substr(line, RSTART, RLENGTH)
                rest = substr(line, RSTART + RLENGTH)
                sub(/^[^-]*/, "", opt)
                optional = 0
                if (opt ~ /\[=$/) {
                    sub(/\[=$/, "", opt)
                    print opt
                    opt = opt "="
                    optional = 1
                }
                print opt
                if (opt ~ /=$/ && match(rest, /^[A-Za-z0-9_.+-]+(\|[A-Za-z0-9_.+-]+)+/)) {
                    values = substr(rest, 1, RLENGTH)
                    if (values == "0|1")
                        optional = 1
                    gsub(/\|/, " ", values)
                    print "C " opt " " values
                }
                if (optional)
                    print "O " opt
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

    local opts
    opts=$(_blktop_help_options "$1")

    local key=$prev
    [[ $key == --readwrite ]] && key=--rw   # aliases are not in --help
    [[ $key == --blocksize ]] && key=--bs
    [[ $key == -d ]] && key=--delay

    # The values of an option that has a few: after --x= always; after
    # --x (a separate word) unless its value only comes after '='.
    if [[ $key == -* ]]; then
        local values
        # (the longest list: the usage lines name only some)
        values=$(awk -v k="C $key=" 'index($0, k " ") == 1 && length($0) - length(k) - 1 > length(v) { v = substr($0, length(k) + 2) }
            END { print v }' <<<"$opts")
        if [[ -n $values ]] && { [[ $split == true ]] || ! grep -qxF -- "O $key=" <<<"$opts"; }; then
            COMPREPLY=($(compgen -W "$values" -- "$cur"))
            return
        fi
    fi

    case $key in
        --bs)
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
    esac

    # Any other option that takes a value (--x= in --help): a number or a
    # name of the user's choosing, as --x=V or --x V.
    if [[ $split == true ]]; then
        return
    fi
    if [[ $key == -* ]] && grep -qxF -- "$key=" <<<"$opts" && ! grep -qxF -- "O $key=" <<<"$opts"; then
        return
    fi

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(grep -v '^[CO] ' <<<"$opts")" -- "$cur"))
        [[ ${COMPREPLY-} == *= ]] && compopt -o nospace
        return
    fi

    _blktop_targets
} &&
    complete -F _blktop blktop

# ex: filetype=sh
