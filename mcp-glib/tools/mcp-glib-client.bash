# mcp-glib-client.bash
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Bash completion for mcp-glib-client: options, commands, and what only the
# server knows (tool and prompt names, the argument names of a tool,
# resource URIs and templates, and the values of prompt and template
# arguments, through the protocol's own completion), which it gets by
# running mcp-glib-client with the server options typed so far; and the
# names of the configured servers for -c (servers --names). Installed
# as bash-completion/completions/mcp-glib-client.

# Strips the quotes of a word as typed, without evaluating it.
_mcp_glib_client_unquote ()
{
    local word=$1
    if [[ $word == \'*\' || $word == \"*\" ]]; then
        word=${word:1:${#word}-2}
    fi
    printf '%s' "$word"
}

# Runs the client against the server chosen on the command line so far.
_mcp_glib_client_ask ()
{
    "${_mcp_glib_client_program}" "${_mcp_glib_client_server[@]}" \
        --connect-timeout 5000 --timeout 5000 "$@" 2>/dev/null </dev/null
}

_mcp_glib_client_reply ()
{
    local IFS=$'\n'
    COMPREPLY=($(compgen -W "$1" -- "$2"))
    if declare -F __ltrim_colon_completions >/dev/null; then
        __ltrim_colon_completions "$2"
    fi
}

_mcp_glib_client ()
{
    local cur prev words cword
    if declare -F _init_completion >/dev/null; then
        _init_completion -n =: || return
    else
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
    fi

    local commands="info tools resources templates prompts call read prompt complete ping follow
                    login logout servers registry help"
    local options="--server --url --registry --connect --config --input --client-id --header --ca-file --cert --key --proxy --json --names --timeout --connect-timeout
                   --env --inherit-env --protocol --format --log-level --output --subscribe --version --help
                   --sandbox --no-sandbox --allow-read --allow-write --deny-read --deny-write --allow-domain --deny-domain"
    local levels="debug info notice warning error critical alert emergency"

    # Read by _mcp_glib_client_ask, through bash's dynamic scoping.
    local _mcp_glib_client_program=${words[0]}
    local -a _mcp_glib_client_server=()

    # The command, its arguments so far, and the options that choose the
    # server, to ask it.
    local -a args=()
    local command="" i word value
    for ((i = 1; i < cword; i++)); do
        word=${words[i]}
        case $word in
            --server=* | --url=* | --connect=* | --config=* | --input=* | --header=* | --env=* | \
            --inherit-env=* | --protocol=* | --ca-file=* | --cert=* | --key=* | --proxy=*)
                _mcp_glib_client_server+=("${word%%=*}" "$(_mcp_glib_client_unquote "${word#*=}")")
                ;;
            --server | -s | --url | -u | --connect | -c | --config | --input | -i | --header | -H | \
            --env | -e | --inherit-env | --protocol | --ca-file | --cert | --key | --proxy)
                value=$(_mcp_glib_client_unquote "${words[i + 1]}")
                _mcp_glib_client_server+=("$word" "$value")
                ((i++))
                ;;
            --timeout | -t | --connect-timeout | --log-level | -l | --output | -o | --subscribe | \
            --client-id | --format)
                ((i++))
                ;;
            -*) ;;
            *)
                if [[ -z $command ]]; then
                    command=$word
                else
                    args+=("$(_mcp_glib_client_unquote "$word")")
                fi
                ;;
        esac
    done

    case $prev in
        --server | -s)
            COMPREPLY=($(compgen -c -- "$cur"))
            return
            ;;
        --log-level | -l)
            COMPREPLY=($(compgen -W "$levels" -- "$cur"))
            return
            ;;
        --format)
            COMPREPLY=($(compgen -W "openai openai-responses anthropic gemini ollama" -- "$cur"))
            return
            ;;
        --protocol)
            COMPREPLY=($(compgen -W "auto legacy 2026-07-28 2025-11-25 2025-06-18 2025-03-26 2024-11-05" -- "$cur"))
            return
            ;;
        --inherit-env | --env | -e)
            COMPREPLY=($(compgen -v -- "$cur"))
            return
            ;;
        --output | -o | --config)
            COMPREPLY=($(compgen -f -- "$cur"))
            return
            ;;
        --connect | -c)
            # The servers of the --config files typed so far.
            local -a config=() j
            for ((j = 1; j < cword - 1; j++)); do
                case ${words[j]} in
                    --config) config+=(--config "$(_mcp_glib_client_unquote "${words[j + 1]}")") ;;
                    --config=*) config+=(--config "$(_mcp_glib_client_unquote "${words[j]#*=}")") ;;
                esac
            done
            _mcp_glib_client_reply "$("${_mcp_glib_client_program}" "${config[@]}" --names servers \
                2>/dev/null </dev/null)" "$cur"
            return
            ;;
        --url | -u | --header | -H | --timeout | -t | --connect-timeout | --subscribe | --input | -i)
            return
            ;;
    esac

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi

    if [[ -z $command ]]; then
        COMPREPLY=($(compgen -W "$commands" -- "$cur"))
        return
    fi

    local n=${#args[@]}
    case $command in
        tools)
            if ((n == 0)); then
                _mcp_glib_client_reply "$(_mcp_glib_client_ask --names tools)" "$cur"
            fi
            ;;
        call | follow)
            if ((n == 0)); then
                _mcp_glib_client_reply "$(_mcp_glib_client_ask --names tools)" "$cur"
            elif [[ $cur != *=* && ${args[1]:0:1} != "{" ]]; then
                # ARGUMENT=, from the tool's input schema.
                local names="" argument
                while IFS= read -r argument; do
                    names+="$argument="$'\n'
                done < <(_mcp_glib_client_ask --names tools "${args[0]}")
                _mcp_glib_client_reply "$names" "$cur"
                compopt -o nospace 2>/dev/null
            fi
            ;;
        read)
            if ((n == 0)); then
                _mcp_glib_client_reply "$(_mcp_glib_client_ask --names resources)" "$cur"
            fi
            ;;
        prompt)
            if ((n == 0)); then
                _mcp_glib_client_reply "$(_mcp_glib_client_ask --names prompts)" "$cur"
            elif [[ $cur == *=* ]]; then
                # The value of NAME=VALUE, as the server suggests it.
                local name=${cur%%=*} values="" suggestion
                while IFS= read -r suggestion; do
                    values+="$name=$suggestion"$'\n'
                done < <(_mcp_glib_client_ask complete prompt "${args[0]}" "$name" "${cur#*=}" \
                    "${args[@]:1}")
                _mcp_glib_client_reply "$values" "$cur"
            fi
            ;;
        complete)
            case $n in
                0) COMPREPLY=($(compgen -W "prompt resource" -- "$cur")) ;;
                1)
                    if [[ ${args[0]} == resource ]]; then
                        _mcp_glib_client_reply "$(_mcp_glib_client_ask --names templates)" "$cur"
                    else
                        _mcp_glib_client_reply "$(_mcp_glib_client_ask --names prompts)" "$cur"
                    fi
                    ;;
                3)
                    _mcp_glib_client_reply "$(_mcp_glib_client_ask complete "${args[0]}" \
                        "${args[1]}" "${args[2]}" "$cur")" "$cur"
                    ;;
            esac
            ;;
    esac
}

complete -F _mcp_glib_client mcp-glib-client
