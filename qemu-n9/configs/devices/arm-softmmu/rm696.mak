# qemu-n9: build only the Nokia N9 machine (configure --with-devices-arm=rm696)
CONFIG_RM696=y
