#!/usr/bin/zsh -f
# Completes the command line $2 as a person pressing TAB would: an interactive zsh on a
# pseudo-terminal (zpty), compinit with the completion functions of the directory $1 in $fpath.
# Prints each match on its own line ("match -- description"). compadd is wrapped to print what the
# completion system offers (it still adds it); everything else — _arguments, _describe, _files —
# is zsh's own. The approach of Valodim's zsh-capture-completion.
zmodload zsh/zpty || { print -u2 'no zsh/zpty'; exit 2 }
fpath_dir=$1
line=$2
zpty z zsh -f -i
init=$(mktemp)
cat > $init <<INIT
PROMPT=
fpath=($fpath_dir \$fpath)
autoload -U compinit
compinit -u -D
bindkey '^M' undefined
bindkey '^J' undefined
bindkey '^I' complete-word
null-line() { echo -E - \$'\0' }
compprefuncs=( null-line )
comppostfuncs=( null-line exit )
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
zstyle ':completion:*' list-separator ''
zmodload zsh/zutil
compadd() {
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
    builtin compadd "\$@"
    return \$?
  fi
  typeset -a __hits __dscr __tmp
  if (( \$@[(I)-d] )); then
    __tmp=\${@[\$[\${@[(i)-d]}+1]]}
    if [[ \$__tmp == \(* ]]; then
      eval "__dscr=\$__tmp"
    else
      __dscr=( "\${(@P)__tmp}" )
    fi
  fi
  builtin compadd -A __hits -D __dscr "\$@"
  setopt localoptions norcexpandparam extendedglob
  typeset -A apre hpre hsuf asuf
  zparseopts -E P:=apre p:=hpre S:=asuf s:=hsuf
  [[ -n \$__hits ]] || return
  local dscr
  for i in {1..\$#__hits}; do
    (( \$#__dscr >= \$i )) && dscr=" -- \${\${__dscr[\$i]}##\$__hits[\$i] #}" || dscr=
    echo -E - \$IPREFIX\$apre\$hpre\$__hits[\$i]\$hsuf\$asuf\$dscr
  done
}
echo ok
INIT
zpty -w z "source $init"
repeat 10; do
  zpty -r z got || break
  [[ $got == ok* ]] && break
done
zpty -w z "$line"$'\t'
integer tog=0
while zpty -r z; do :; done | while IFS= read -r got; do
  if [[ $got == *$'\0\r' ]]; then
    (( tog++ )) && break || continue
  fi
  (( tog )) && echo -E - ${got%$'\r'}
done
rm -f $init
zpty -d z
