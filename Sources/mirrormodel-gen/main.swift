import MirrorModelGenerator

GeneratorCommand.main()
