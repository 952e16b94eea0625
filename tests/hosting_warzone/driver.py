"""A scripted console player for Warzone: the first legal order, typed as a /warzone command."""

from __future__ import annotations

from bot.console.session import Session


def as_command(text: str) -> str:
    """The /warzone command that plays the typed order `text`."""
    w = text.split()
    verb, args = w[0], w[1:]
    if verb == "deploy":
        return f"/warzone deploy squad:{args[0]} at:{args[1]} formation:{args[2]} facing:{args[3]}"
    if verb == "activate":
        return f"/warzone activate squad:{args[0]}"
    if verb == "shoot" and len(args) == 3:
        return f"/warzone shoot model:{args[0]} weapon:{args[1]} targets:{args[2]}"
    if verb == "fight" and len(args) == 3:
        return f"/warzone fight model:{args[0]} weapon:{args[1]} targets:{args[2]}"
    if verb == "charge":
        return f"/warzone charge model:{args[0]} target:{args[1]}"
    if verb in ("walk", "run") and len(args) == 2:
        run = " run:true" if verb == "run" else ""
        return f"/warzone move who:{args[0]} to:{args[1]}{run}"
    if verb == "end":
        return f"/warzone end model:{args[0]}" if args else "/warzone end"
    if verb in ("keep", "pass") and not args:
        return f"/warzone do what:{verb}"
    if text == "pass reaction":
        return "/warzone do what:pass-reaction"
    if verb == "side":
        return f"/warzone do what:side value:{args[0]}"
    return f"/warzone act action:{text}"


async def step(session: Session, players: list[str]) -> str | None:
    """One order for whoever is to act (None when nobody is): the first legal one accepted."""
    for name in players:
        games = await session.service.waiting(name)
        if not games:
            continue
        out = [] if session.user == name else [(await session.handle(f"/as {name}")).text]
        for text in await session.service.options(games[0].id, name):
            answer = await session.handle(as_command(text))
            out.append(answer.text)
            if not answer.text.startswith("Error"):
                return "\n".join(out)
        raise AssertionError(f"no order of {name} was accepted:\n" + "\n".join(out))
    return None
