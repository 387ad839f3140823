// The `filmstrip` executable: everything lives in FilmstripCommand; this only forwards the
// arguments and turns the result into the process's exit code.
import FilmstripCommand

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(FilmstripCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
