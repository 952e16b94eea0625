"""The games' console plug-ins: one package per game whose replies are its own
(bot.console.plugin); the list the console is built with is `registry`."""
