"""The bracket and the round robin drawn from plain data (``matches/tournament_drawing.py``):
a column a round in bracket order, byes and sides still to be decided said as such, the
winner of each bout marked, the lines' pairs, the champion last; the round robin's table with
its tie-break in words. The figures are written out by hand from the data given."""

from __future__ import annotations

from html.parser import HTMLParser

from django.template.loader import render_to_string

from matches.tournament_drawing import Bout, Drawing, Round, Side, Standing


class Outline(HTMLParser):
    """The bracket as lists: rounds -> pairs -> bouts -> sides, each side (class, text)."""

    def __init__(self) -> None:
        super().__init__()
        self.rounds: list[dict] = []
        self.stack: list[str] = []
        self.side: list | None = None
        self.links: list[str] = []
        self.heading: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        self.stack.append(tag)
        if "bracket-round" in classes:
            self.rounds.append({"heading": "", "pairs": []})
        elif "bracket-pair" in classes:
            self.rounds[-1]["pairs"].append([])
        elif "bout" in classes:
            self.rounds[-1]["pairs"][-1].append([])
        elif "side" in classes:
            self.side = [" ".join(c for c in classes if c != "side"), ""]
        elif tag == "h3":
            self.heading = []
        if tag == "a":
            self.links.append(dict(attrs)["href"])

    def handle_endtag(self, tag):
        self.stack.pop()
        if tag == "p" and self.side is not None:
            self.side[1] = " ".join(self.side[1].split())
            self.rounds[-1]["pairs"][-1][-1].append(tuple(self.side))
            self.side = None
        if tag == "h3" and self.heading is not None:
            self.rounds[-1]["heading"] = "".join(self.heading).strip()
            self.heading = None

    def handle_data(self, data):
        if self.side is not None:
            self.side[1] += data
        if self.heading is not None:
            self.heading.append(data)


def outline(html: str) -> Outline:
    parser = Outline()
    parser.feed(html)
    return parser


def entrant(seed: int, name: str, **kwargs) -> Side:
    return Side(name=name, seed=seed, url=f"/w/{name.lower()}/", **kwargs)


BYE = Side(bye=True)
TBD = Side()

#: Five entrants drawn into eight places: byes to seeds 1, 2 and 3 (bracket order 1 v 8,
#: 4 v 5, 2 v 7, 3 v 6), Delta (4) beat Echo (5); the semi-finals not yet wrestled.
FIVE = Drawing(
    format="single_elimination",
    rounds=(
        Round(
            number=1,
            name="quarter-final",
            show_name="Weekly No. 3",
            show_url="/f/x/shows/3/",
            bouts=(
                Bout(entrant(1, "Alpha", winner=True), BYE, decided_by="bye"),
                Bout(
                    entrant(4, "Delta", winner=True),
                    entrant(5, "Echo"),
                    match_url="/f/x/shows/3/#match-2",
                    decided_by="match",
                ),
                Bout(entrant(2, "Bravo", winner=True), BYE, decided_by="bye"),
                Bout(entrant(3, "Charlie", winner=True), BYE, decided_by="bye"),
            ),
        ),
        Round(
            number=2,
            name="semi-final",
            bouts=(
                Bout(entrant(1, "Alpha"), entrant(4, "Delta")),
                Bout(
                    entrant(2, "Bravo", withdrew="injured (knee)"),
                    entrant(3, "Charlie", winner=True),
                    decided_by="forfeit",
                    note="Bravo forfeited: injured (knee)",
                ),
            ),
        ),
        Round(number=3, name="final", bouts=(Bout(TBD, entrant(3, "Charlie")),)),
    ),
)


def test_a_bracket_draws_a_column_a_round_in_bracket_order_with_byes_and_winners():
    drawn = outline(render_to_string("matches/_bracket.html", {"drawing": FIVE}))

    assert [r["heading"] for r in drawn.rounds] == [
        "Quarter-final",
        "Semi-final",
        "Final",
        "Winner",
    ]
    # Pairs of bouts (whose winners meet next): two pairs of two, one of two, the final alone.
    assert [[len(pair) for pair in r["pairs"]] for r in drawn.rounds] == [[2, 2], [2], [1], [1]]
    quarter = [bout for pair in drawn.rounds[0]["pairs"] for bout in pair]
    assert quarter == [
        [("winner", "1 Alpha ✓ (won)"), ("loser", "bye")],
        [("winner", "4 Delta ✓ (won)"), ("loser", "5 Echo")],
        [("winner", "2 Bravo ✓ (won)"), ("loser", "bye")],
        [("winner", "3 Charlie ✓ (won)"), ("loser", "bye")],
    ]
    semi = drawn.rounds[1]["pairs"][0]
    assert semi == [
        [("", "1 Alpha"), ("", "4 Delta")],
        [("loser", "2 Bravo withdrew: injured (knee)"), ("winner", "3 Charlie ✓ (won)")],
    ]
    assert drawn.rounds[2]["pairs"] == [[[("", "to be decided"), ("", "3 Charlie")]]]
    assert drawn.rounds[3]["pairs"] == [[[("", "to be decided")]]]
    # The round's show, the match's page and each entrant's page are links.
    assert "/f/x/shows/3/" in drawn.links
    assert "/f/x/shows/3/#match-2" in drawn.links
    assert "/w/echo/" in drawn.links


def test_the_champion_closes_the_bracket():
    final = Round(
        number=1,
        name="final",
        bouts=(Bout(entrant(1, "Alpha"), entrant(2, "Bravo", winner=True), decided_by="match"),),
    )
    drawing = Drawing(
        format="single_elimination",
        rounds=(final,),
        champion=entrant(2, "Bravo", winner=True),
    )
    drawn = outline(render_to_string("matches/_bracket.html", {"drawing": drawing}))

    assert drawn.rounds[0]["pairs"] == [[[("loser", "1 Alpha"), ("winner", "2 Bravo ✓ (won)")]]]
    # The champion's box names him, without a bout's mark.
    assert drawn.rounds[1]["pairs"] == [[[("winner", "2 Bravo")]]]


def test_the_pairs_of_a_round_are_its_bouts_two_by_two():
    bouts = tuple(Bout(entrant(n, f"E{n}"), entrant(9 - n, f"E{9 - n}")) for n in range(1, 5))
    round_ = Round(number=1, name="quarter-final", bouts=bouts)

    assert round_.pairs == [bouts[0:2], bouts[2:4]]
    assert Round(number=3, name="final", bouts=bouts[:1]).pairs == [bouts[:1]]


class Cells(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.caption = ""
        self.cell: list[str] | None = None
        self.in_caption = False
        self.robin: list[str] = []
        self.in_bout = False

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "caption":
            self.in_caption = True
        elif tag == "li" and "robin-bout" in (dict(attrs).get("class") or ""):
            self.robin.append("")
            self.in_bout = True

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "caption":
            self.in_caption = False
        elif tag == "li" and self.in_bout:
            self.robin[-1] = " ".join(self.robin[-1].split())
            self.in_bout = False

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)
        if self.in_caption:
            self.caption += data
        if self.in_bout:
            self.robin[-1] += data


def test_a_round_robin_draws_its_table_with_the_tie_break_and_its_rounds():
    a, b = entrant(1, "Alpha"), entrant(2, "Bravo")
    won = {name: entrant(seed, name, winner=True) for seed, name in ((1, "Alpha"), (3, "Charlie"))}
    drawing = Drawing(
        format="round_robin",
        tie_break="head-to-head, then wins in the ring, then the higher seed",
        win_points=2,
        rounds=(
            Round(
                number=1,
                name="round 1",
                show_name="Weekly No. 5",
                bouts=(Bout(won["Charlie"], a, decided_by="match", match_url="/m/1/"),),
            ),
            Round(
                number=2,
                name="round 2",
                bouts=(Bout(b, won["Alpha"], decided_by="forfeit", note="Bravo: suspended"),),
            ),
        ),
        table=(
            Standing(
                place=1,
                side=won["Charlie"],
                played=1,
                wins=1,
                forfeit_wins=0,
                losses=0,
                points=2,
            ),
            Standing(place=2, side=a, played=2, wins=0, forfeit_wins=1, losses=1, points=2),
            Standing(place=3, side=b, played=1, wins=0, forfeit_wins=0, losses=1, points=0),
        ),
    )
    cells = Cells()
    cells.feed(render_to_string("matches/_round_robin.html", {"drawing": drawing}))

    assert cells.caption == (
        "2 points a win, wrestled or by forfeit. Level on points: head-to-head, then wins in the "
        "ring, then the higher seed."
    )
    assert cells.rows == [
        ["Place", "Entrant", "Seed", "Played", "Won", "By forfeit", "Lost", "Points"],
        ["1", "Charlie (winner)", "3", "1", "1", "0", "0", "2"],
        ["2", "Alpha", "1", "2", "0", "1", "1", "2"],
        ["3", "Bravo", "2", "1", "0", "0", "1", "0"],
    ]
    assert cells.robin == [
        "Charlie ✓ (won) v Alpha · the match",
        "Bravo v Alpha ✓ (won) · Bravo: suspended",
    ]
