# The maintainer scripts of both packages, for rpm and dpkg alike. `build` renders each phase
# as: #!/bin/sh, the package's variables (NAME USER HOME STATE_DIRS UNITS), this file, and one
# call: rxh_configure install|upgrade (rpm %post, deb postinst configure), rxh_remove (rpm
# %preun on erase, deb prerm remove), rxh_removed (rpm %postun, deb postrm remove) and
# rxh_purge (deb postrm purge). Debian 12's rpm has no systemd macros: this replaces them.
#
# systemctl is called only when systemd runs (/run/systemd/system, as deb-systemd-invoke
# checks): in a chroot or an image build nothing is started or stopped. Nothing is enabled on
# install: the admin checks the node first (operations.md) and enables the units then. Nothing is
# restarted on upgrade unless /etc/rx-health/restart-on-upgrade exists: a new version runs from
# the admin's next restart.

rxh_systemd_running() {
    [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1
}

rxh_create_user() {
    [ -n "$USER" ] || return 0
    if command -v systemd-sysusers >/dev/null 2>&1; then
        systemd-sysusers /usr/lib/sysusers.d/rx-health.conf && return 0
    fi
    # No sysusers (minimal images, older systems): the same user by hand.
    if ! getent group "$USER" >/dev/null; then
        groupadd --system "$USER"
    fi
    if ! getent passwd "$USER" >/dev/null; then
        nologin=/usr/sbin/nologin
        [ -x "$nologin" ] || nologin=/sbin/nologin
        useradd --system --gid "$USER" --home-dir "$HOME_DIR" --no-create-home \
            --shell "$nologin" --comment "rx-health agent" "$USER"
    fi
}

rxh_create_dirs() {
    [ -n "$STATE_DIRS" ] || return 0
    if command -v systemd-tmpfiles >/dev/null 2>&1; then
        systemd-tmpfiles --create "/usr/lib/tmpfiles.d/$NAME.conf" && return 0
    fi
    for d in $STATE_DIRS; do
        install -d -m 0755 -o "$USER" -g "$USER" "$d"
    done
}

rxh_configure() {
    rxh_create_user
    rxh_create_dirs
    if rxh_systemd_running; then
        systemctl daemon-reload || :
        if [ "$1" = upgrade ] && [ -e /etc/rx-health/restart-on-upgrade ]; then
            # shellcheck disable=SC2086
            systemctl try-restart $UNITS || :
        fi
    fi
    if [ "$1" = install ]; then
        echo "$NAME: installed, not enabled. Check the node, then: systemctl enable --now $FIRST_UNIT"
    fi
}

rxh_remove() {
    if rxh_systemd_running; then
        # shellcheck disable=SC2086
        systemctl disable --now $UNITS || :
    elif command -v systemctl >/dev/null 2>&1; then
        # shellcheck disable=SC2086
        systemctl disable $UNITS >/dev/null 2>&1 || :
    fi
}

rxh_removed() {
    if rxh_systemd_running; then
        systemctl daemon-reload || :
    fi
}

rxh_purge() {
    # dpkg removes the conffiles itself; the state (markers, state.json, history.json) and the
    # class-data archive go here. The user stays, as Debian does for system users: files it
    # may own elsewhere keep a name.
    for d in $STATE_DIRS; do
        rm -rf "$d"
    done
    rmdir --ignore-fail-on-non-empty /etc/rx-health 2>/dev/null || :
}
