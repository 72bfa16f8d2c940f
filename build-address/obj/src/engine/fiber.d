build-address/obj/src/engine/fiber.o: src/engine/fiber.c \
 src/engine/fiber.h include/assert.h src/check/hooks.h \
 src/runtime/limits.h
src/engine/fiber.h:
include/assert.h:
src/check/hooks.h:
src/runtime/limits.h:
