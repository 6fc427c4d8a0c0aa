/* The plugin of hybrid_registered (tests/pe/hybrid_plugin.c): its
 * constructor hands the program hybrid_mpi_round, which calls MPI, so that
 * the program need not look it up by name. */
int hybrid_mpi_round(int round, double seconds);
void hybrid_register(int (*round)(int, double));

__attribute__((constructor)) static void register_round(void) { hybrid_register(hybrid_mpi_round); }
