import sys

from mlir.tblgen import main

sys.exit(main())
