"""Builds jong._jong with the repository's Makefile (`make python PYTHON=<this interpreter>`),
which knows the engine's sources and flags, and hands the result to setuptools."""
import os
import re
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def version():
    # include/jong/version.h is the one source of the version
    with open(os.path.join(ROOT, "include", "jong", "version.h")) as f:
        return re.search(r'#define JONG_VERSION "([^"]+)"', f.read()).group(1)


class MakeBuildExt(build_ext):
    def build_extension(self, ext):
        if not os.path.exists(os.path.join(ROOT, "Makefile")):
            sys.exit("jong: build from the repository (python3 -m pip install ./python at its root)")
        subprocess.check_call(["make", "-C", ROOT, "python", "PYTHON=" + sys.executable])
        built = os.path.join(ROOT, "build", "python", "jong",
                             "_jong" + sysconfig.get_config_var("EXT_SUFFIX"))
        dest = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(built, dest)


setup(version=version(), packages=["jong"],
      ext_modules=[Extension("jong._jong", sources=[])],
      cmdclass={"build_ext": MakeBuildExt})
