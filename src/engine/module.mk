# Engine module: the job loop and the engines (libaio, psync, null).
libblktop_a_SOURCES += src/engine/ops.h src/engine/engine.h src/engine/engine.c \
	src/engine/libaio.c src/engine/sync.c
