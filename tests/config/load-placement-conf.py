"""Loads placement.conf files the way the placement API does and prints what the tests check.

Run by tests/config/placement.test.ts with Debian's python3-placement: placement's own options,
keystonemiddleware's auth_token options and the Keystone auth plugin the file names are registered,
the files are parsed with oslo.config, the plugin is built from them (its required options must be
there), and the database URL is parsed by SQLAlchemy. Prints JSON: the URL's parts and every
keystone_authtoken key that none of those options knows (oslo-config-validator cannot judge that
group: its plugin options are registered at run time).
"""

import configparser
import json
import sys

from keystoneauth1 import loading
from keystonemiddleware.auth_token import _opts as auth_token_opts
from oslo_config import cfg
from placement import conf as placement_conf
from sqlalchemy.engine import make_url

files = sys.argv[1:]
CONF = cfg.ConfigOpts()
placement_conf.register_opts(CONF)
for group, opts in auth_token_opts.list_opts():
    CONF.register_opts(opts, group=group)
loading.register_auth_conf_options(CONF, "keystone_authtoken")
CONF(args=[], project="placement", default_config_files=files)
plugin = loading.load_auth_from_conf_options(CONF, "keystone_authtoken")

known = {opt.dest for _, opts in auth_token_opts.list_opts() for opt in opts}
known |= {opt.dest for opt in loading.get_auth_common_conf_options()}
known |= {opt.dest for opt in loading.get_auth_plugin_conf_options(CONF.keystone_authtoken.auth_type)}
unknown = []
for path in files:
    parser = configparser.RawConfigParser(strict=False)
    parser.read(path)
    if parser.has_section("keystone_authtoken"):
        unknown += [key for key in parser.options("keystone_authtoken") if key not in known and key not in parser.defaults()]

url = make_url(CONF.placement_database.connection)
print(
    json.dumps(
        {
            "plugin": type(plugin).__name__,
            "driver": url.drivername,
            "username": url.username,
            "password": url.password,
            "servicePassword": getattr(CONF.keystone_authtoken, "password", None),
            "host": url.host,
            "database": url.database,
            "query": dict(url.query),
            "unknownAuthTokenKeys": unknown,
            "debug": CONF.debug,
        }
    )
)
